import { setupI18n } from '@lingui/core';
import participant from '../catalogues/participant/en.json' with { type: 'json' };
import staff from '../catalogues/staff/en.json' with { type: 'json' };
import { compileMessage } from './catalogue';
import type { MessageKey, MessageParams } from './index';

/**
 * The English of the texts the server sends, for the wire's `message` fields (docs/protocol.md): the
 * English catalogues of the participant and staff scopes, the only place that English is written.
 * The server's own; the screens translate keys with their loaded catalogues instead.
 */
const source: Record<string, unknown> = { ...staff, ...participant };
/** Each message is compiled the first time it is said, not the whole catalogue at the first one. */
const i18n = setupI18n({ locale: 'en', locales: ['en'], messages: { en: {} } });

/** Whether `id` is a key of the English catalogues (a zod issue's message may be zod's own English). */
export const isMessageKey = (id: string): id is MessageKey => Object.hasOwn(source, id);

/** The English of a key with its values, formatted by Lingui as the screens format it. */
export function english(id: MessageKey, params?: MessageParams): string {
  // Under the web's Vite (its tests) the catalogue arrives compiled already (compile-messages.ts).
  if (!Object.hasOwn(i18n.messages, id) && isMessageKey(id))
    i18n.load('en', { [id]: compileMessage(id, source[id]) });
  return i18n._(id, params);
}

/** A zod issue's message when it is a key (a schema's own text), else `fallback` (zod's own English). */
export const issueKeyOr = (issue: string | undefined, fallback: MessageKey): MessageKey =>
  issue !== undefined && isMessageKey(issue) ? issue : fallback;

/** The English of a key, or `text` itself when it is no key (zod's own wording): for tests and logs. */
export const englishOf = (text: string | undefined): string | undefined =>
  text !== undefined && isMessageKey(text) ? english(text) : text;
