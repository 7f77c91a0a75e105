import { i18n } from '@lingui/core';
import type { MenuKey, ParticipantKey, StaffKey, TrainingKey } from '@playshop/messages';
import { isLanguage, type Language, STAFF_LANGUAGES, type StaffLanguage } from '@playshop/shared';
import { intlLocale } from './languages';

/**
 * The app's messages (docs/i18n.md). Four catalogues, each language its own lazily loaded chunk:
 * `participant` (six languages: join page, player screens, presenter view, the game's and the
 * server's texts a participant sees), `staff` (the staff languages: all six), `training` (six languages,
 * the Training page's) and `menu` (six, the user menu's). A phone downloads only its language's
 * participant catalogue; the staff screens add theirs (loadStaffMessages), the Training page and
 * the user menu their own (loadCatalogue).
 */
export type ParticipantMessageId = ParticipantKey;
export type StaffMessageId = StaffKey;
export type MessageId = ParticipantMessageId | StaffMessageId | TrainingKey | MenuKey;
export type MessageValues = Record<string, string | number | Date>;

export type Catalogue = { default: Record<string, unknown> };
type Files = Record<string, () => Promise<Catalogue>>;
/** A catalogue loaded on demand over the participant one: its files and the file of a language. */
export type ExtraCatalogue = { files: Files; file: (locale: Language) => string };
// Compiled at build time by compile-messages.ts: one chunk per file.
const participantFiles: Files = import.meta.glob<Catalogue>(
  '../../../../packages/messages/catalogues/participant/*.json',
);

const loaded = new Set<string>();
async function loadInto(locale: Language, files: Files, file: string) {
  const key = `${locale}:${file}`;
  if (loaded.has(key)) return;
  const load = files[file];
  if (!load) throw new Error(`No catalogue ${file}`);
  i18n.load(locale, (await load()).default as never);
  loaded.add(key);
}

/** The extra catalogues asked for so far: every language activated later loads them too. */
const extras = new Set<ExtraCatalogue>();

/** Loads the participant catalogue of `locale` (and the extra ones asked for) and activates it. */
export async function activateLanguage(locale: Language): Promise<void> {
  await loadInto(
    locale,
    participantFiles,
    `../../../../packages/messages/catalogues/participant/${locale}.json`,
  );
  await Promise.all([...extras].map((extra) => loadInto(locale, extra.files, extra.file(locale))));
  i18n.activate(locale, [intlLocale(locale)]);
}

/**
 * Loads an extra catalogue for the active language, and for every language activated later. A
 * screen off the phone's way to a card brings its own (the Training page: training-messages.ts).
 */
export async function loadCatalogue(extra: ExtraCatalogue): Promise<void> {
  extras.add(extra);
  const locale = currentLanguage();
  await loadInto(locale, extra.files, extra.file(locale));
  i18n.activate(locale, [intlLocale(locale)]); // re-emits "change" so mounted screens re-render with the new texts
}

/** The staff screens' language: the language itself when it is a staff language, else English. */
export const staffLanguage = (locale: Language): StaffLanguage =>
  (STAFF_LANGUAGES as readonly string[]).includes(locale) ? (locale as StaffLanguage) : 'en';

const staffCatalogue: ExtraCatalogue = {
  files: import.meta.glob<Catalogue>('../../../../packages/messages/catalogues/staff/*.json'),
  file: (locale) => `../../../../packages/messages/catalogues/staff/${staffLanguage(locale)}.json`,
};

/** Loads the staff catalogue for the active language (and for every language activated later). */
export const loadStaffMessages = () => loadCatalogue(staffCatalogue);

/** Whether the staff catalogue of the active language is loaded. */
export const staffMessagesLoaded = () =>
  loaded.has(`${currentLanguage()}:${staffCatalogue.file(currentLanguage())}`);

/** The active language ('en' before any was activated). */
export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : 'en');

/**
 * A message in the active language. Outside React (sockets, the voice call-out) call it directly;
 * components call `useT()` (locale-provider.tsx) so they re-render when the language changes.
 */
export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}

/** Whether the active language has a message `id` (a server's key may be newer than this build). */
export const hasMessage = (id: string): boolean => Object.hasOwn(i18n.messages, id);

/**
 * A server's text in the reader's language: its `key` (with `params`) when this build knows it,
 * otherwise the English `message` the server sent beside it (filled from the English catalogue).
 * Keys are those of the participant and staff catalogues (`MessageKey` of @playshop/messages).
 */
export function serverText(text: {
  message: string;
  key?: string | null;
  params?: MessageValues | null;
}): string {
  if (text.key && hasMessage(text.key)) return i18n._(text.key, text.params ?? undefined);
  return text.message;
}

/** Lingui's event: every activation or load. */
export const onLanguageChange = (listener: () => void) => i18n.on('change', listener);
