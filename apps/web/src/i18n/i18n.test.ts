import { afterEach, describe, expect, it } from 'vitest';
import { formatNumber } from './format';
import { activateLanguage, currentLanguage, serverText, t } from './i18n';
import { browserLanguage, chooseLanguage, directionOf } from './languages';

describe('chooseLanguage (a phone)', () => {
  it("the device's own choice beats the room and the browser", () => {
    expect(chooseLanguage({ chosen: 'ar', room: 'de', browser: ['fr-FR'] })).toBe('ar');
  });
  it("the room's language beats the browser's once the room is known", () => {
    expect(chooseLanguage({ chosen: null, room: 'de', browser: ['fr-FR'] })).toBe('de');
  });
  it("the browser's language when it is one of ours, before a room is known", () => {
    expect(chooseLanguage({ browser: ['pt-BR', 'nl-BE', 'de'] })).toBe('nl');
  });
  it('English when nothing else fits; unknown codes are ignored', () => {
    expect(chooseLanguage({ chosen: 'xx', room: 'pt', browser: ['ja-JP'] })).toBe('en');
    expect(chooseLanguage({})).toBe('en');
  });
  it('reads a browser tag by its primary language', () => {
    expect(browserLanguage(['ES-419'])).toBe('es');
    expect(browserLanguage(undefined)).toBeNull();
  });
  it('Arabic is right to left, the others left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('de')).toBe('ltr');
  });
});

describe('messages', () => {
  afterEach(async () => {
    await activateLanguage('en');
  });

  it('renders a key with its values in the active language', async () => {
    expect(t('game.hasWon', { name: 'Ada' })).toBe('Ada has won the game!');
    await activateLanguage('de');
    expect(currentLanguage()).toBe('de');
    expect(t('game.hasWon', { name: 'Ada' })).toBe('Ada hat gewonnen!');
  });

  it("serverText renders a known key, else falls back to the server's English message", async () => {
    await activateLanguage('fr');
    expect(serverText({ message: 'Room not found', key: 'errors.roomNotFound' })).toBe('Salle introuvable');
    expect(serverText({ message: 'Something new', key: 'errors.fromANewerServer' })).toBe('Something new');
    expect(serverText({ message: 'Plain' })).toBe('Plain');
  });

  it('formats numbers through Intl in the active language, Arabic with Latin digits', async () => {
    await activateLanguage('de');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    await activateLanguage('ar');
    expect(formatNumber(75)).toBe('75');
  });
});
