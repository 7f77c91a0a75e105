import type { PrintKey } from '@playshop/messages';
import { LANGUAGES, type Language } from '@playshop/shared';
import { catalogueTexts, type Texts } from '../i18n/catalogue';

/**
 * The printed cards' texts in the room's language (docs/i18n.md): the `print` catalogue beside the
 * web's, which the phones never download.
 */
export type PrintTextId = PrintKey;
export type PrintTexts = Texts<PrintTextId>;

/** The set's language: the room's when it is one of ours (every one prints: pdf-text.ts), else English. */
export const printLanguage = (language: string | null | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : 'en';

/** The catalogue of `language` as a function, as the web's `t()`. */
export const printTexts = (language: Language): Promise<PrintTexts> => catalogueTexts('print', language);
