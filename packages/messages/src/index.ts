import type mailEn from '../catalogues/mail/en.json';
import type menuEn from '../catalogues/menu/en.json';
import type participantEn from '../catalogues/participant/en.json';
import type printEn from '../catalogues/print/en.json';
import type staffEn from '../catalogues/staff/en.json';
import type trainingEn from '../catalogues/training/en.json';

/**
 * Playshop's words (docs/i18n.md): one catalogue per scope and language,
 * `catalogues/<scope>/<language>.json`, flat dotted keys to ICU messages. English is the source: a
 * key is typed from the English file of its scope, so a key no English file has fails typecheck.
 * `npm run messages:check` (scripts/messages-check.mjs) compares the keys the source uses with them.
 */
export type ParticipantKey = keyof typeof participantEn;
export type StaffKey = keyof typeof staffEn;
export type TrainingKey = keyof typeof trainingEn;
export type MenuKey = keyof typeof menuEn;
export type PrintKey = keyof typeof printEn;
export type MailKey = keyof typeof mailEn;

/**
 * A text the server sends (an error body, a game refusal, a schema's issue): a key of the catalogues
 * the screens load, the participant one (what a phone shows) or the staff one.
 */
export type MessageKey = ParticipantKey | StaffKey;
/** The values of a message's `{name}` parts. */
export type MessageParams = Record<string, string | number>;

/** A message key, checked by the compiler (`key('validation.required')`): what schemas and refusals carry. */
export const key = <K extends MessageKey>(id: K): K => id;

/** The scopes and where each is read: the server reads `print` and `mail` only, in every language. */
export const SCOPES = ['participant', 'staff', 'training', 'menu', 'print', 'mail'] as const;
export type Scope = (typeof SCOPES)[number];
