import { english, englishOf } from '@playshop/messages/english';
import { ZNickname } from '@playshop/shared';
import { describe, expect, it } from 'vitest';
import { isOffensive, uniqueUsername } from './nicknames';

describe('uniqueUsername', () => {
  it('keeps a free nickname and numbers a taken one, whatever the case', () => {
    expect(uniqueUsername('Sam', [])).toBe('Sam');
    expect(uniqueUsername('Sam', ['sam'])).toBe('Sam 2');
    expect(uniqueUsername('Sam', ['SAM', 'sam 2', 'Sam 3'])).toBe('Sam 4');
    expect(uniqueUsername('Admin', [])).toBe('Admin 2');
  });
});

describe('isOffensive', () => {
  it('finds words of the block list, also disguised, and lets ordinary names through', () => {
    expect(isOffensive('fuck you')).toBe(true);
    expect(isOffensive('sh1t')).toBe(true);
    for (const name of ['Sam', 'Scunthorpe', 'Cocktail', 'Zoë', 'Анна'])
      expect(isOffensive(name), name).toBe(false);
  });
});

describe('ZNickname', () => {
  const message = (v: string) => englishOf(ZNickname.safeParse(v).error?.issues[0]?.message);
  it('trims and collapses spaces', () => {
    expect(ZNickname.parse('  Sam   the  Great ')).toBe('Sam the Great');
  });
  it('refuses empty, long and odd-character nicknames with their reason', () => {
    expect(message('   ')).toBe(english('join.nicknameRequired'));
    expect(message('x'.repeat(25))).toBe(english('join.nicknameTooLong'));
    for (const v of ['<b>', 'a/b', 'emoji 😀']) expect(message(v), v).toBe(english('join.nicknameInvalid'));
    // Control characters get the reason every sign-in field gives for them (issue 30).
    for (const v of ['bell\u0007', 'nul\u0000']) expect(message(v), v).toBe(english('input.controlChars'));
    expect(message("Jo-Ann O'Neil!")).toBeUndefined();
  });
});
