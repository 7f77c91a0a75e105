import { z } from 'zod/mini';

/**
 * The optional `key` and `params` a server message carries beside its English `message` (error
 * bodies, `error_event`, `removed`): protocol 6, see server-messages.ts.
 */
export const ZMessageKeyFields = z.object({
  key: z.optional(z.string()),
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
});

/** SPEC §5: server messages are stripped of terminal control characters before display. */
export function stripControlChars(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
}
