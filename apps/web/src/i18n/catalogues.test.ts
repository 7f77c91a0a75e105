import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileCatalogue } from '@playshop/messages/catalogue';
import { CATALOGUE_LANGUAGES, STAFF_LANGUAGES } from '@playshop/shared';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '../../../../packages/messages/catalogues');
const read = (scope: string, language: string): Record<string, string> =>
  JSON.parse(readFileSync(join(dir, scope, `${language}.json`), 'utf8'));

/** The argument names a compiled message uses, with the plural/select cases' own arguments. */
function argumentsOf(compiled: unknown, into = new Set<string>()): Set<string> {
  if (!Array.isArray(compiled)) return into;
  for (const token of compiled) {
    if (!Array.isArray(token)) continue;
    const [name, format, options] = token as [string, string?, Record<string, unknown>?];
    into.add(format ? `${name}:${format}` : name);
    for (const branch of Object.values(options ?? {})) argumentsOf(branch, into);
  }
  return into;
}

// `print` and `mail` are read by the server only (apps/server/src/print/print-texts.ts,
// apps/server/src/mail/mail-texts.ts); each scope's languages are data, as messages:check reads them.
const scopes = CATALOGUE_LANGUAGES;

describe.each(Object.entries(scopes))('the %s catalogue', (scope, languages) => {
  const english = read(scope, 'en');
  const englishCompiled = compileCatalogue(english);

  it('ships exactly the languages it names', () => {
    const files = readdirSync(join(dir, scope)).map((file) => file.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...languages].sort());
  });

  it.each(languages)('%s has every English key, no other, with the same placeholders', (language) => {
    const messages = read(scope, language);
    expect(
      Object.keys(messages).filter((id) => !(id in english)),
      'keys English lacks',
    ).toEqual([]);
    expect(
      Object.keys(english).filter((id) => !(id in messages)),
      'missing keys',
    ).toEqual([]);
    const compiled = compileCatalogue(messages); // throws on malformed ICU
    for (const id of Object.keys(english)) {
      const expected = [...argumentsOf(englishCompiled[id])].sort();
      expect([...argumentsOf(compiled[id])].sort(), `placeholders of ${id} in ${language}`).toEqual(expected);
      expect(messages[id]?.trim(), `${id} in ${language} is empty`).toBeTruthy();
    }
  });

  it('names keys as dotted lower-camel words', () => {
    for (const id of Object.keys(english)) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*(\.[a-z0-9][a-zA-Z0-9]*)+$/);
  });
});

// The toasts and the frame's words (top bar, footer, loaders, error page) are every screen's: the
// staff catalogue, loaded over the participant one, repeats them so a staff screen says them in the
// staff language and voice.
const repeatedByStaff = (id: string) => /^(toast|frame|errorPage)\./.test(id);

it('a key lives in one catalogue (the toasts and the frame aside): one loaded later would override it', () => {
  const owner = new Map<string, string>();
  for (const scope of ['participant', 'staff', 'training', 'menu']) {
    for (const id of Object.keys(read(scope, 'en'))) {
      if (repeatedByStaff(id) && scope === 'staff') continue;
      expect(owner.get(id), `${id} is in ${owner.get(id)} and ${scope}`).toBeUndefined();
      owner.set(id, scope);
    }
  }
});

describe('the toasts of SPEC §8', () => {
  // A staff screen loads its staff catalogue over the participant one: the toasts follow the staff
  // language there, so both carry them, word for word, in every staff language (all six, issue 44).
  it.each(STAFF_LANGUAGES)('%s: the staff catalogue repeats the participant toast.* texts', (language) => {
    const toasts = (scope: string) =>
      Object.fromEntries(Object.entries(read(scope, language)).filter(([id]) => id.startsWith('toast.')));
    expect(Object.keys(toasts('participant')).length).toBeGreaterThan(0);
    expect(toasts('staff')).toEqual(toasts('participant'));
  });
});

describe('server keys', () => {
  const english = { ...read('staff', 'en'), ...read('participant', 'en') };

  it('a text of the spec keeps its English under its key, written once in the English catalogue', () => {
    // The spec's own words (SPEC §5, §8): the wire's `message` and the English screens show them so.
    expect(english['validation.required']).toBe('This field is required');
    expect(english['errors.invalidCredentials']).toBe('Invalid email or password');
    expect(english['game.lobbyNotOpen']).toBe('Lobby not open');
    expect(english['signIn.ssoButton']?.replace('{org}', 'Acme')).toBe('Sign in with Acme');
  });
});
