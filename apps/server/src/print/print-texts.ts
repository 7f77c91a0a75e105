import { LANGUAGES, type Language } from '@playshop/shared';
import ar from '../../../web/src/i18n/messages/print/ar.json' with { type: 'json' };
import de from '../../../web/src/i18n/messages/print/de.json' with { type: 'json' };
import en from '../../../web/src/i18n/messages/print/en.json' with { type: 'json' };
import es from '../../../web/src/i18n/messages/print/es.json' with { type: 'json' };
import fr from '../../../web/src/i18n/messages/print/fr.json' with { type: 'json' };
import nl from '../../../web/src/i18n/messages/print/nl.json' with { type: 'json' };

/**
 * The printed cards' texts in the room's language (docs/i18n.md): the `print` catalogue beside the
 * web's, which the phones never download. Its messages use plain `{name}` and `{n, plural, …}` only.
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

export type PrintTexts = (id: PrintTextId, values?: Record<string, string | number>) => string;

/** The catalogue of `language` as a function, as the web's `t()`. */
export function printTexts(language: Language): PrintTexts {
  const catalogue = CATALOGUES[language];
  const plurals = new Intl.PluralRules(language);
  return (id, values = {}) => format(catalogue[id], values, plurals);
}

/** Fills `{name}` and `{name, plural, one {…} other {…}}` (with `#`) in an ICU message. */
function format(message: string, values: Record<string, string | number>, plurals: Intl.PluralRules): string {
  let out = '';
  let i = 0;
  while (i < message.length) {
    const open = message.indexOf('{', i);
    if (open < 0) return out + message.slice(i);
    out += message.slice(i, open);
    const close = matching(message, open);
    const [name = '', kind, ...rest] = message.slice(open + 1, close).split(',');
    const value = values[name.trim()] ?? '';
    if (kind?.trim() === 'plural') {
      const branches = rest.join(',');
      const count = Number(value);
      const pick = (key: string) => {
        const at = branches.search(new RegExp(`(^|\\s)${key}\\s*\\{`));
        if (at < 0) return null;
        const start = branches.indexOf('{', at);
        return branches.slice(start + 1, matching(branches, start));
      };
      const branch = pick(`=${count}`) ?? pick(plurals.select(count)) ?? pick('other') ?? '';
      out += format(branch.replaceAll('#', String(count)), values, plurals);
    } else out += String(value);
    i = close + 1;
  }
  return out;
}

/** The index of the `}` that closes the `{` at `open`. */
function matching(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`Unclosed { in ${text}`);
}
