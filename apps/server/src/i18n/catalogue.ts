import { setupI18n } from '@lingui/core';
import type { MessageKey } from '@playshop/messages';
import { compileCatalogue } from '@playshop/messages/catalogue';
import { english } from '@playshop/messages/english';
import type { StaffLanguage } from '@playshop/shared';

/** A catalogue's texts as a function, as the web's `t()`: `text('print.free')`, `text('mail.x', { n })`. */
export type Texts<Id extends string> = (id: Id, values?: Record<string, string | number>) => string;

/** The catalogues only the server reads: `print` (the printed cards) and `mail`. */
export type ServerCatalogue = 'print' | 'mail';

/** Arabic keeps Latin digits, as on the screens (apps/web/src/i18n/languages.ts, intlLocale). */
const intlLocale = (language: string) => (language === 'ar' ? 'ar-u-nu-latn' : language);

type Source = { default: Record<string, string> };
// esbuild bundles every file a pattern can name into the server's build (only these two folders of
// @playshop/messages: the screens' catalogues stay out); tsx and vitest read the file.
const SOURCES: Record<ServerCatalogue, (language: string) => Promise<Source>> = {
  print: (language) =>
    import(/* @vite-ignore */ `../../../../packages/messages/catalogues/print/${language}.json`, {
      with: { type: 'json' },
    }),
  mail: (language) =>
    import(/* @vite-ignore */ `../../../../packages/messages/catalogues/mail/${language}.json`, {
      with: { type: 'json' },
    }),
};

async function compile<Id extends string>(catalogue: ServerCatalogue, language: string): Promise<Texts<Id>> {
  const { default: source } = await SOURCES[catalogue](language);
  const i18n = setupI18n({
    locale: language,
    locales: [intlLocale(language)],
    messages: { [language]: compileCatalogue(source) },
  });
  return (id, values) => i18n._(id, values);
}

const compiled = new Map<string, Promise<Texts<string>>>();

// The screens' two catalogues, for the few pages the server writes for a person rather than data
// (the LTI launch's pages): bundled into the server's build like print and mail.
const SCREEN_SOURCES = {
  participant: (language: string): Promise<Source> =>
    import(/* @vite-ignore */ `../../../../packages/messages/catalogues/participant/${language}.json`, {
      with: { type: 'json' },
    }),
  staff: (language: string): Promise<Source> =>
    import(/* @vite-ignore */ `../../../../packages/messages/catalogues/staff/${language}.json`, {
      with: { type: 'json' },
    }),
};

/**
 * Any message key (the participant and staff scopes, as `english()` says them) in `language`, for
 * a page the server writes itself; a key the language lacks falls back to its English.
 */
export function messageTexts(language: StaffLanguage): Promise<Texts<MessageKey>> {
  const key = `messages/${language}`;
  let texts = compiled.get(key);
  if (!texts) {
    texts = Promise.all([SCREEN_SOURCES.participant(language), SCREEN_SOURCES.staff(language)]).then(
      ([participant, staff]) => {
        const messages = compileCatalogue({ ...participant.default, ...staff.default });
        const i18n = setupI18n({
          locale: language,
          locales: [intlLocale(language)],
          messages: { [language]: messages },
        });
        return (id: string, values?: Record<string, string | number>) =>
          Object.hasOwn(messages, id) ? i18n._(id, values) : english(id as MessageKey, values);
      },
    );
    compiled.set(key, texts);
  }
  return texts as Promise<Texts<MessageKey>>;
}

/**
 * What the server writes in a reader's language (printed cards, mail) from @playshop/messages
 * (`packages/messages/catalogues/<catalogue>/<language>.json`, docs/i18n.md), formatted by Lingui as
 * the screens are: one ICU dialect, one plural rule, on both sides. Each file is read and compiled
 * once, on first use; the caller passes a language the catalogue ships.
 */
export function catalogueTexts<Id extends string>(
  catalogue: ServerCatalogue,
  language: string,
): Promise<Texts<Id>> {
  const key = `${catalogue}/${language}`;
  let texts = compiled.get(key);
  if (!texts) {
    texts = compile(catalogue, language);
    compiled.set(key, texts);
  }
  return texts as Promise<Texts<Id>>;
}
