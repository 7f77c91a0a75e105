import { directionOf, isLanguage, LANGUAGES, type Language } from '@playshop/shared';

/**
 * The tag `Intl` formats with: Arabic keeps Latin digits, so a ball, a card and a score read the
 * same on the projector, the phone and the printed card (docs/decisions.md).
 */
export const intlLocale = (locale: Language): string => (locale === 'ar' ? 'ar-u-nu-latn' : locale);

/** The first of the browser's languages that is one of ours ('de-AT' → 'de'), or null. */
export function browserLanguage(languages: readonly string[] | undefined): Language | null {
  for (const tag of languages ?? []) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/**
 * A phone's language (docs/decisions.md, "Languages (issue 32)"): the player's own choice on this
 * device, else the room's once a room is known, else the browser's when it is one of ours, else
 * English.
 */
export function chooseLanguage(sources: {
  chosen?: string | null;
  room?: string | null;
  browser?: readonly string[];
}): Language {
  if (isLanguage(sources.chosen)) return sources.chosen;
  if (isLanguage(sources.room)) return sources.room;
  return browserLanguage(sources.browser) ?? 'en';
}

const STORAGE_KEY = 'playshop.language';

/** The player's own choice, remembered on the device (null when none or storage is blocked). */
export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLanguage(locale: Language | null): void {
  try {
    if (locale) localStorage.setItem(STORAGE_KEY, locale);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage blocked (private mode): the choice lasts until the page is closed.
  }
}

/** A language's direction (Arabic right to left), as the server's mails have it too. */
export { directionOf, LANGUAGES };
