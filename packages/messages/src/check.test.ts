import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOGUE_LANGUAGES } from '../../shared/src/languages';
import { checkMessages, extractKeys } from './check';

const repository = join(import.meta.dirname, '../../..');

/**
 * A repository of its own in a temporary folder (removed after the suite), with the source folders
 * the check reads: `write` puts a file in it.
 */
function smallRepository() {
  const root = mkdtempSync(join(tmpdir(), 'playshop-messages-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  for (const dir of ['apps/server/src', 'apps/web/src', 'packages/shared/src', 'packages/messages/src'])
    mkdirSync(join(root, dir), { recursive: true });
  return { root, write };
}

/** A small repository's catalogue languages: none but those named. */
const languagesOf = (named: Partial<Record<keyof typeof CATALOGUE_LANGUAGES, string[]>>) => ({
  participant: [],
  staff: [],
  training: [],
  menu: [],
  print: [],
  mail: [],
  ...named,
});

describe('messages:check', () => {
  it('finds the repository in order: every key used is in English, in each language of its catalogue, and used', () => {
    expect(checkMessages(repository, CATALOGUE_LANGUAGES)).toEqual({
      unreadable: [],
      missingEnglish: [],
      missingTranslation: [],
      unused: [],
    });
  });

  describe('on a small repository', () => {
    const { root, write } = smallRepository();
    write(
      'apps/web/src/page.tsx',
      "t('page.title'); t('page.new'); t(`toast.$" + "{status}`); message('errors.x');",
    );
    write('apps/web/src/page.test.tsx', "t('page.old')"); // a test's use is no use
    const catalogue = (scope: string, language: string, messages: Record<string, string>) =>
      write(`packages/messages/catalogues/${scope}/${language}.json`, JSON.stringify(messages));
    catalogue('staff', 'en', {
      'page.title': 'Title',
      'page.old': 'Old',
      'toast.404': 'Not Found',
      'errors.x': 'X',
    });
    catalogue('staff', 'de', { 'page.title': 'Titel', 'toast.404': '', 'errors.x': 'X' });
    const languages = languagesOf({ staff: ['en', 'de', 'fr'] });

    it('fails on a key used but not in English, missing or empty in a language, or used nowhere', () => {
      const report = checkMessages(root, languages);
      expect(report.unreadable).toEqual([]);
      expect(report.missingEnglish).toEqual(['page.new (apps/web/src/page.tsx)']);
      expect(report.missingTranslation).toEqual([
        'staff/de: page.old',
        'staff/de: toast.404',
        'staff/fr: page.title',
        'staff/fr: page.old',
        'staff/fr: toast.404',
        'staff/fr: errors.x',
      ]);
      expect(report.unused).toEqual(['staff: page.old']);
    });
  });

  describe('on a catalogue that is not JSON', () => {
    const { root, write } = smallRepository();
    write('apps/server/src/x.ts', "t('page.title'); t('mail.hello');");
    const languages = languagesOf({ staff: ['en', 'de', 'fr'], mail: ['en', 'de'] });
    write('packages/messages/catalogues/staff/en.json', '{\n  "page.title": "Title"\n}\n');
    // A comma left out at the end of line 2.
    write('packages/messages/catalogues/staff/de.json', '{\n  "page.title": "Titel"\n  "page.x": "X"\n}\n');
    write('packages/messages/catalogues/staff/fr.json', '["page.title"]');
    write('packages/messages/catalogues/mail/en.json', '{ "mail.hello": "Hello", }');
    write('packages/messages/catalogues/mail/de.json', '{ "mail.hello": "Hallo" }');

    it('fails naming each unreadable file and where its JSON breaks, and judges none of its keys', () => {
      const report = checkMessages(root, languages);
      expect(report.unreadable).toEqual([
        `${join('packages/messages/catalogues/staff/de.json')} is not valid JSON: Expected ',' or '}' after property value in JSON at position 28 (line 3 column 3)`,
        `${join('packages/messages/catalogues/staff/fr.json')} is not an object of keys and their messages`,
        `${join('packages/messages/catalogues/mail/en.json')} is not valid JSON: Expected double-quoted property name in JSON at position 25 (line 1 column 26)`,
      ]);
      // No key is called missing because its file could not be read.
      expect(report).toMatchObject({ missingEnglish: [], missingTranslation: [], unused: [] });
    });
  });

  it('reads keys from literals, template prefixes and suffixes, and the screen texts list', () => {
    const { literals, prefixes, suffixes } = extractKeys([
      {
        path: 'x.ts',
        // A template literal's placeholder, written as source text.
        text:
          "a('one.two'); `audit.field.$" +
          '{f}`; t(`$' +
          "{area}.navLabel`); liveTexts('screen', ['ready', 'retry'])",
      },
    ]);
    expect([...literals].sort()).toEqual(['one.two', 'screen.ready', 'screen.retry']);
    expect(prefixes).toEqual(['audit.field.']);
    expect(suffixes).toEqual(['.navLabel']);
  });
});
