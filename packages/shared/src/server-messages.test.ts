import { describe, expect, it } from 'vitest';
import { ERRORS, GAME_TEXTS, USER_TEXTS } from './index';
import {
  fillTemplate,
  keyFields,
  message,
  messageOfText,
  messageTemplate,
  SERVER_CATALOGUES,
} from './server-messages';

describe('server messages as keys', () => {
  it('gives a catalogue text its key and English', () => {
    expect(message('users.duplicateEmail')).toEqual({
      key: 'users.duplicateEmail',
      text: USER_TEXTS.duplicateEmail,
    });
    expect(message('game.notStaff').text).toBe(GAME_TEXTS.notStaff);
  });

  it('fills the variable parts and keeps the parameters for the reader', () => {
    expect(message('errors.contentInUseBy', { names: 'A, B' })).toEqual({
      key: 'errors.contentInUseBy',
      params: { names: 'A, B' },
      text: 'This content is used by sessions: A, B',
    });
    expect(keyFields(message('errors.workshopInUseBy', { names: 'R' }))).toEqual({
      key: 'errors.workshopInUseBy',
      params: { names: 'R' },
    });
    expect(fillTemplate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('finds the key of a text that arrives as a string, first catalogue first', () => {
    expect(messageOfText(ERRORS.roomNotFound)?.key).toBe('errors.roomNotFound');
    expect(messageOfText('This field is required')?.key).toBe('validation.required');
    expect(messageOfText('Too big: expected string to have <=200 characters')).toBeUndefined();
    expect(keyFields(undefined)).toEqual({});
  });

  it('knows every key it lists, and no other', () => {
    for (const [catalogue, texts] of Object.entries(SERVER_CATALOGUES))
      for (const [name, text] of Object.entries(texts))
        if (typeof text === 'string') expect(messageTemplate(`${catalogue}.${name}`)).toBe(text);
    expect(messageTemplate('errors.toString')).toBeUndefined();
    expect(messageTemplate('nope.x')).toBeUndefined();
  });
});
