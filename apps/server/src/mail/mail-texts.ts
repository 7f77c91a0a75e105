import { STAFF_LANGUAGES, type StaffLanguage } from '@playshop/shared';
import de from '../../../web/src/i18n/messages/mail/de.json' with { type: 'json' };
import en from '../../../web/src/i18n/messages/mail/en.json' with { type: 'json' };
import { catalogueTexts, type Texts } from '../i18n/catalogue';

/**
 * The mails' texts (docs/i18n.md): the `mail` catalogue beside the web's, read by the server only,
 * in the staff languages (a mail goes to a staff account).
 */
export type MailTextId = keyof typeof en;
const CATALOGUES: Record<StaffLanguage, Record<MailTextId, string>> = { en, de };

/** The reader's language when it is a staff language, else English. */
export const mailLanguage = (...preferred: (string | null | undefined)[]): StaffLanguage =>
  (preferred.find((l) => (STAFF_LANGUAGES as readonly (string | null | undefined)[]).includes(l)) as
    | StaffLanguage
    | undefined) ?? 'en';

export const mailTexts: (language: StaffLanguage) => Texts<MailTextId> = catalogueTexts(CATALOGUES);
