import { z } from 'zod/mini';

/**
 * The languages of the participant surfaces (join page, player screens, presenter view, printed
 * cards, the game's texts): an organization's and a room's language is one of these. English first:
 * the fallback. Arabic proves right-to-left layout.
 */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'nl', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The staff screens' languages (and the mails', which go to staff accounts): every language since
 * issue 44, each with its `staff` and `mail` catalogue. Kept as its own list, a subset of LANGUAGES,
 * so a language can join the participant surfaces before its staff catalogue is written.
 */
export const STAFF_LANGUAGES = ['en', 'de', 'fr', 'es', 'nl', 'ar'] as const satisfies readonly Language[];
export type StaffLanguage = (typeof STAFF_LANGUAGES)[number];
export const isStaffLanguage = (value: unknown): value is StaffLanguage =>
  typeof value === 'string' && (STAFF_LANGUAGES as readonly string[]).includes(value);
export const ZStaffLanguage = z.enum(STAFF_LANGUAGES, {
  error: `Language must be one of: ${STAFF_LANGUAGES.join(', ')}`,
});

/**
 * The languages each catalogue of @playshop/messages must have, every key of its English in each
 * (`npm run messages:check`): the participant surfaces' in all, the staff screens' and the mails' in
 * the staff languages.
 */
export const CATALOGUE_LANGUAGES = {
  participant: LANGUAGES,
  staff: STAFF_LANGUAGES,
  training: LANGUAGES,
  menu: LANGUAGES,
  print: LANGUAGES,
  mail: STAFF_LANGUAGES,
} as const;

/** Each language's own name, as a language menu shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  nl: 'Nederlands',
  ar: 'العربية',
};

/** Right-to-left languages among LANGUAGES. */
const RTL: ReadonlySet<Language> = new Set(['ar']);
/** A language's writing direction: the screens' and a mail's `dir`. */
export const directionOf = (language: Language): 'ltr' | 'rtl' => (RTL.has(language) ? 'rtl' : 'ltr');

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** A room's language: its own, else its organization's, else English. */
export const roomLanguage = (room: string | null | undefined, org: string | null | undefined): Language =>
  isLanguage(room) ? room : isLanguage(org) ? org : 'en';

export const ZLanguage = z.enum(LANGUAGES, {
  error: `Language must be one of: ${LANGUAGES.join(', ')}`,
});
