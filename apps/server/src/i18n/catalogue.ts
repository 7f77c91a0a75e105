import { setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/** A catalogue's texts as a function, as the web's `t()`: `text('print.free')`, `text('mail.x', { n })`. */
export type Texts<Id extends string> = (id: Id, values?: Record<string, string | number>) => string;

/**
 * What the server writes in a reader's language (printed cards, mail) from the web's catalogues
 * (`apps/web/src/i18n/messages/`, docs/i18n.md), formatted by Lingui as the screens are: one ICU
 * dialect, one plural rule, on both sides. Each language is compiled once, on first use.
 */
export function catalogueTexts<Language extends string, Id extends string>(
  catalogues: Record<Language, Record<Id, string>>,
): (language: Language) => Texts<Id> {
  const compiled = new Map<Language, Texts<Id>>();
  return (language) => {
    let texts = compiled.get(language);
    if (!texts) {
      const messages = Object.fromEntries(
        Object.entries<string>(catalogues[language]).map(([id, message]) => [
          id,
          compileMessageOrThrow(message),
        ]),
      );
      const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
      texts = (id, values) => i18n._(id, values);
      compiled.set(language, texts);
    }
    return texts;
  };
}
