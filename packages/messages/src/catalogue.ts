import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/**
 * Reading and compiling a catalogue (`catalogues/<scope>/<language>.json`, docs/i18n.md), written
 * once for every reader: `english()`, the server's print and mail texts, the web's build (its Vite
 * plugin) and `npm run messages:check`.
 */

/**
 * A catalogue file's text as its flat key → message object. Throws naming the file, and for bad
 * JSON where it breaks (`line 12 column 3`); a file that is no flat object of texts is refused too.
 */
export function parseCatalogue(text: string, file: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`${file} is not an object of keys and their messages`);
  for (const [id, message] of Object.entries(parsed))
    if (typeof message !== 'string') throw new Error(`${file}: the message of ${id} is not a text`);
  return parsed as Record<string, string>;
}

/**
 * One ICU message in Lingui's runtime form; throws naming the key on a malformed message. A message
 * that is no longer a text was compiled already (the web's tests read catalogues through its build's
 * plugin) and stays as it is.
 */
export function compileMessage(id: string, message: unknown): CompiledMessage {
  if (typeof message !== 'string') return message as CompiledMessage;
  try {
    return compileMessageOrThrow(message);
  } catch (error) {
    throw new Error(`Message ${id} is not valid ICU: ${(error as Error).message}`);
  }
}

/** A whole catalogue compiled (the screens' files at build time, a server catalogue when first read). */
export const compileCatalogue = (messages: Record<string, unknown>): Record<string, CompiledMessage> =>
  Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, compileMessage(id, message)]));
