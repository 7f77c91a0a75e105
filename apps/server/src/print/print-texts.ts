import { LANGUAGES, type Language } from '@playshop/shared';
import ar from '../../../web/src/i18n/messages/print/ar.json' with { type: 'json' };
import de from '../../../web/src/i18n/messages/print/de.json' with { type: 'json' };
import en from '../../../web/src/i18n/messages/print/en.json' with { type: 'json' };
import es from '../../../web/src/i18n/messages/print/es.json' with { type: 'json' };
import fr from '../../../web/src/i18n/messages/print/fr.json' with { type: 'json' };
import nl from '../../../web/src/i18n/messages/print/nl.json' with { type: 'json' };
import { catalogueTexts, type Texts } from '../i18n/catalogue';

/**
 * The printed cards' texts in the room's language (docs/i18n.md): the `print` catalogue beside the
 * web's, which the phones never download.
 */
export type PrintTextId = keyof typeof en;
type Catalogue = Record<PrintTextId, string>;
const CATALOGUES: Record<Language, Catalogue> = { en, de, fr, es, nl, ar };

/**
 * The languages the PDF's standard fonts (Helvetica, WinAnsi) can print. Arabic needs a font that
 * has its letters and a shaper that joins them, right to left: an Arabic room prints in English.
 */
const PRINTABLE = new Set<Language>(['en', 'de', 'fr', 'es', 'nl']);

export const printLanguage = (language: string | null | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(language ?? '') && PRINTABLE.has(language as Language)
    ? (language as Language)
    : 'en';

export type PrintTexts = Texts<PrintTextId>;

/** The catalogue of `language` as a function, as the web's `t()`. */
export const printTexts: (language: Language) => PrintTexts = catalogueTexts(CATALOGUES);
