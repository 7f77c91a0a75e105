import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STAFF_LANGUAGES } from '@playshop/shared';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '../../../../packages/messages/catalogues');
const read = (scope: string, language: string): Record<string, string> =>
  JSON.parse(readFileSync(join(dir, scope, `${language}.json`), 'utf8'));

/** Capitals that are no label: abbreviations and date patterns the texts use. */
const ALLOWED = new Set([
  'PDF',
  'CSV',
  'URL',
  'URI',
  'API',
  'NUL',
  'SSO',
  'SAML',
  'ACS',
  'HTTP',
  'HTTP-POST',
  'XML',
  'IDP',
  'OIDC',
  'LTI',
  'JWKS',
  'SCORM',
  'SCIM',
  'QR',
  'HTTPS',
  'ZIP',
  'JPEG',
  'GIF',
  'PNG',
  'SVG',
  'YYYY',
  'JJJJ',
  'AAAA',
]);

/**
 * A text that points at a label written in capitals (the PLAYER LOGIN page, the ORGANIZATION link)
 * must name it as the screens of its language show it: a German text pointing at "PLAYER LOGIN"
 * sends the reader looking for a label that reads SPIELER-ANMELDUNG there (issue 42).
 */
/** Scripts without capitals (Arabic): no label is told apart by its case there. */
const CASELESS: ReadonlySet<string> = new Set(['ar']);
const cased = STAFF_LANGUAGES.filter((language) => !CASELESS.has(language));

describe.each(cased)('%s texts point at labels as the screens show them', (language) => {
  const catalogues = ['participant', 'staff', 'training'].map((scope) => read(scope, language));
  const texts = catalogues.flatMap((catalogue) => Object.values(catalogue));
  // The capitalised labels of this language: texts that are capitals alone ("ABMELDEN").
  const labels = new Set(texts.filter((text) => /^[\p{Lu}][\p{Lu} -]+$/u.test(text)));
  const pointers = texts.flatMap((text) => text.match(/\b\p{Lu}{3,}(?:[ -]\p{Lu}{3,})*\b/gu) ?? []);

  it('every capitalised label a text names is one of its own', () => {
    expect(labels.size).toBeGreaterThan(2);
    expect(pointers.filter((word) => !labels.has(word) && !ALLOWED.has(word))).toEqual([]);
  });
});
