import type { MessageKey, MessageParams } from '@playshop/messages';

export type { MessageKey, MessageParams } from '@playshop/messages';
export { key } from '@playshop/messages';

/**
 * A text the server sends: its key in the catalogues of @playshop/messages (`errors.roomNotFound`,
 * `game.notStaff`, `users.duplicateEmail`) and the values of its `{name}` parts. Services, schemas
 * and the game's engine speak keys; the server writes the English beside them only at its edge
 * (apps/server/src/i18n/english.ts), where the wire still carries a `message` (docs/protocol.md).
 */
export interface Message {
  key: MessageKey;
  params?: MessageParams;
}

/** The message of `key` with its parameters. */
export function message(key: MessageKey, params?: MessageParams): Message {
  return params ? { key, params } : { key };
}

/** The `key` and `params` fields a reply or frame carries for a message. */
export function keyFields(m: Message): { key: MessageKey; params?: MessageParams } {
  return m.params ? { key: m.key, params: m.params } : { key: m.key };
}
