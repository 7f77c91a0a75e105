import { type Messages, setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import participant from '../catalogues/participant/en.json' with { type: 'json' };
import staff from '../catalogues/staff/en.json' with { type: 'json' };
import type { MessageKey, MessageParams } from './index';

/**
 * The English of the texts the server sends, for the wire's `message` fields (docs/protocol.md): the
 * English catalogues of the participant and staff scopes, the only place that English is written.
 * The server's own; the screens translate keys with their loaded catalogues instead.
 */
const source: Record<string, unknown> = { ...staff, ...participant };
let i18n: ReturnType<typeof setupI18n> | undefined;

/** Whether `id` is a key of the English catalogues (a zod issue's message may be zod's own English). */
export const isMessageKey = (id: string): id is MessageKey => Object.hasOwn(source, id);

/** The English of a key with its values, formatted by Lingui as the screens format it. */
export function english(id: MessageKey, params?: MessageParams): string {
  if (!i18n) {
    // Under the web's Vite (its tests), the catalogue arrives already compiled (compile-messages.ts).
    const messages = Object.fromEntries(
      Object.entries(source).map(([k, m]) => [k, typeof m === 'string' ? compileMessageOrThrow(m) : m]),
    );
    i18n = setupI18n({ locale: 'en', locales: ['en'], messages: { en: messages as Messages } });
  }
  return i18n._(id, params);
}

/** A zod issue's message when it is a key (a schema's own text), else `fallback` (zod's own English). */
export const issueKeyOr = (issue: string | undefined, fallback: MessageKey): MessageKey =>
  issue !== undefined && isMessageKey(issue) ? issue : fallback;

/** The English of a key, or `text` itself when it is no key (zod's own wording): for tests and logs. */
export const englishOf = (text: string | undefined): string | undefined =>
  text !== undefined && isMessageKey(text) ? english(text) : text;
