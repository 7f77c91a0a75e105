import { STAFF_LANGUAGES, type StaffLanguage } from '@playshop/shared';
import type en from '../../../web/src/i18n/messages/mail/en.json';
import { catalogueTexts, type Texts } from '../i18n/catalogue';

/**
 * The mails' texts (docs/i18n.md): the `mail` catalogue beside the web's, read by the server only,
 * in the staff languages (a mail goes to a staff account).
 */
export type MailTextId = keyof typeof en;

/** The reader's language when it is a staff language, else English. */
export const mailLanguage = (...preferred: (string | null | undefined)[]): StaffLanguage =>
  (preferred.find((l) => (STAFF_LANGUAGES as readonly (string | null | undefined)[]).includes(l)) as
    | StaffLanguage
    | undefined) ?? 'en';

export const mailTexts = (language: StaffLanguage): Promise<Texts<MailTextId>> =>
  catalogueTexts('mail', language);
