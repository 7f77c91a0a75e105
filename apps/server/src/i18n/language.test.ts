import { describe, expect, it } from 'vitest';
import { pageLanguage } from './language';

describe('the language of a page the server writes', () => {
  it('takes the first preferred tag the staff screens speak, by its primary subtag', () => {
    expect(pageLanguage(['fr-CA'], 'de')).toBe('fr');
    expect(pageLanguage(['pt-BR', 'nl_BE'], undefined)).toBe('nl');
    expect(pageLanguage([undefined, 42], 'es')).toBe('es');
  });

  it('else the browser’s Accept-Language by its weights, then its order', () => {
    expect(pageLanguage([], 'pt-PT, ar-MA;q=0.8, de;q=0.9')).toBe('de');
    expect(pageLanguage([], 'ja;q=1, fr;q=0.5, es;q=0.5')).toBe('fr');
    expect(pageLanguage([], 'de;q=0, en-GB;q=0.1')).toBe('en');
    expect(pageLanguage([], 'AR')).toBe('ar');
  });

  it('else English', () => {
    expect(pageLanguage([], undefined)).toBe('en');
    expect(pageLanguage([], '')).toBe('en');
    expect(pageLanguage(['zh-Hans'], 'ja, *;q=0.1')).toBe('en');
  });
});
