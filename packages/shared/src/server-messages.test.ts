import { english, isMessageKey } from '@playshop/messages/english';
import { describe, expect, it } from 'vitest';
import { keyFields, message } from './server-messages';

describe('server messages as keys', () => {
  it('a message is its key and the values of its parts, no English', () => {
    expect(message('users.duplicateEmail')).toEqual({ key: 'users.duplicateEmail' });
    expect(keyFields(message('errors.workshopInUseBy', { names: 'R' }))).toEqual({
      key: 'errors.workshopInUseBy',
      params: { names: 'R' },
    });
  });

  it('its English comes from the English catalogue, with its parts filled in', () => {
    expect(english('errors.contentInUseBy', { names: 'A, B' })).toBe(
      'This content is used by sessions: A, B',
    );
    expect(english('validation.required')).toBe('This field is required');
    expect(english('game.hasWon', { name: 'Ada' })).toBe('Ada has won the game!');
  });

  it('tells a key from any other text (a zod issue may carry zod’s own English)', () => {
    expect(isMessageKey('errors.roomNotFound')).toBe(true);
    expect(isMessageKey('Too big: expected string to have <=200 characters')).toBe(false);
    expect(isMessageKey('errors.toString')).toBe(false);
  });
});
