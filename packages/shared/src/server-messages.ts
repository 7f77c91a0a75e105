import { AUDIT_TEXTS } from './audit';
import { BRANDING_TEXTS } from './branding';
import { CATEGORY_TEXTS } from './categories';
import { CONTENT_TEXTS } from './content';
import { INPUT_TEXTS } from './input';
import { INSIGHTS_TEXTS } from './insights';
import { JOIN_TEXTS } from './joining';
import { LTI_TEXTS } from './lti';
import { MATERIAL_TEXTS } from './materials';
import { ERRORS, type MessageParams, SUCCESS, VALIDATION } from './messages';
import { ORG_DATA_TEXTS } from './org-data';
import { ORG_TEXTS } from './organizations';
import { IMPORT_TEXTS } from './player-import';
import { PRINTED_CARD_TEXTS } from './printed-cards';
import { GAME_TEXTS } from './protocol';
import { LINK_TEXTS } from './public-settings';
import { ROOM_TEXTS } from './rooms';
import { SAML_TEXTS } from './saml';
import { SIGN_IN_TEXTS } from './sign-in';
import { TRAINING_TEXTS } from './training';
import { USER_TEXTS } from './users';
import { WORKSHOP_TEXTS } from './workshops';
import { XAPI_TEXTS } from './xapi';

/**
 * Every catalogue whose texts the server sends, by the first part of their keys: a message's key is
 * `<catalogue>.<name>` (`errors.roomNotFound`, `game.notStaff`, `users.duplicateEmail`). Readers
 * translate by key and fall back to the English text; docs/protocol.md lists the catalogues.
 */
export const SERVER_CATALOGUES = {
  validation: VALIDATION,
  errors: ERRORS,
  success: SUCCESS,
  game: GAME_TEXTS,
  input: INPUT_TEXTS,
  signIn: SIGN_IN_TEXTS,
  users: USER_TEXTS,
  playerImport: IMPORT_TEXTS,
  organizations: ORG_TEXTS,
  orgData: ORG_DATA_TEXTS,
  workshops: WORKSHOP_TEXTS,
  content: CONTENT_TEXTS,
  categories: CATEGORY_TEXTS,
  materials: MATERIAL_TEXTS,
  rooms: ROOM_TEXTS,
  join: JOIN_TEXTS,
  printedCards: PRINTED_CARD_TEXTS,
  training: TRAINING_TEXTS,
  links: LINK_TEXTS,
  audit: AUDIT_TEXTS,
  insights: INSIGHTS_TEXTS,
  branding: BRANDING_TEXTS,
  saml: SAML_TEXTS,
  xapi: XAPI_TEXTS,
  lti: LTI_TEXTS,
} as const;

type Catalogues = typeof SERVER_CATALOGUES;
/** The names of a catalogue's plain texts (its few functions are the web's own formatting). */
type TextNames<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;
export type MessageKey = { [C in keyof Catalogues]: `${C}.${TextNames<Catalogues[C]>}` }[keyof Catalogues];

/** A text the server sends: its key, the values of its `{name}` parts, and the English it reads as. */
export interface Message {
  key: MessageKey;
  params?: MessageParams;
  text: string;
}

/** `template` with each `{name}` replaced by its parameter (a name without one stays as written). */
export function fillTemplate(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The English template of a key; undefined for a key this build does not know. */
export function messageTemplate(key: string): string | undefined {
  const dot = key.indexOf('.');
  const catalogue = (SERVER_CATALOGUES as Record<string, Record<string, unknown>>)[key.slice(0, dot)];
  const text =
    catalogue && Object.hasOwn(catalogue, key.slice(dot + 1)) ? catalogue[key.slice(dot + 1)] : undefined;
  return typeof text === 'string' ? text : undefined;
}

/** The message of `key` with its parameters. */
export function message(key: MessageKey, params?: MessageParams): Message {
  const template = messageTemplate(key) as string;
  return params ? { key, params, text: fillTemplate(template, params) } : { key, text: template };
}

let byText: Map<string, MessageKey> | undefined;
/**
 * The message a catalogue text is, for texts that reach the edge as plain strings (a schema's
 * issue, the game's refusals). The same English in two catalogues resolves to the first listed.
 */
export function messageOfText(text: string): Message | undefined {
  if (!byText) {
    byText = new Map();
    for (const [catalogue, texts] of Object.entries(SERVER_CATALOGUES))
      for (const [name, value] of Object.entries(texts))
        if (typeof value === 'string' && !byText.has(value))
          byText.set(value, `${catalogue}.${name}` as MessageKey);
  }
  const key = byText.get(text);
  return key ? { key, text } : undefined;
}

/** The `key` and `params` fields a reply or frame carries for a message (none for an unknown text). */
export function keyFields(m: Message | undefined): { key?: MessageKey; params?: MessageParams } {
  if (!m) return {};
  return m.params ? { key: m.key, params: m.params } : { key: m.key };
}
