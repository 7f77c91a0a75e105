import type { MailKey } from '@playshop/messages';
import { STAFF_LANGUAGES, type StaffLanguage } from '@playshop/shared';
import { catalogueTexts, type Texts } from '../i18n/catalogue';

/**
 * The mails' texts (docs/i18n.md): the `mail` catalogue of @playshop/messages, read by the server only,
 * in the staff languages (a mail goes to a staff account).
 */
export type MailTextId = MailKey;

/** The reader's language when it is a staff language, else English. */
export const mailLanguage = (...preferred: (string | null | undefined)[]): StaffLanguage =>
  (preferred.find((l) => (STAFF_LANGUAGES as readonly (string | null | undefined)[]).includes(l)) as
    | StaffLanguage
    | undefined) ?? 'en';

export const mailTexts = (language: StaffLanguage): Promise<Texts<MailTextId>> =>
  catalogueTexts('mail', language);
