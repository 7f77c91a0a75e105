import { englishOf } from '@playshop/messages/english';
import { describe, expect, it } from 'vitest';
import { ZCreateAdmin, ZCreatePlayer } from './users';

describe('player usernames', () => {
  const player = (username: string) => ({ firstName: 'Pat', lastName: 'Lee', username, organizationId: 1 });

  it('refuses the names the app routes use beside them', () => {
    for (const username of ['admin', 'Admin', ' FACILITATOR ']) {
      const result = ZCreatePlayer.safeParse(player(username));
      expect(result.success).toBe(false);
      expect(englishOf(result.error?.issues[0]?.message)).toBe(
        'This username is reserved: please choose another',
      );
    }
  });

  it('accepts ordinary names, including ones that contain a reserved word', () => {
    expect(ZCreatePlayer.safeParse(player('admiral')).success).toBe(true);
    expect(ZCreatePlayer.safeParse(player('facilitator-fan')).success).toBe(true);
  });
});

describe('the new admin form', () => {
  const mismatchOn = (input: Record<string, unknown>) =>
    englishOf(
      ZCreateAdmin.safeParse(input).error?.issues.find((i) => i.path.join('.') === 'confirmPassword')
        ?.message,
    );

  it('says the passwords differ while the other fields are still empty (a form checked on blur)', () => {
    expect(mismatchOn({ password: 'long enough 1', confirmPassword: 'long enough 2' })).toBe(
      'Passwords do not match',
    );
    expect(mismatchOn({ password: 'long enough 1', confirmPassword: 'long enough 1' })).toBeUndefined();
  });

  it('accepts a complete admin whose passwords match, and refuses one whose do not', () => {
    const admin = {
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'ada@acme.com',
      role: 'ADMIN',
      organizationId: 1,
      password: 'long enough 1',
      confirmPassword: 'long enough 1',
    };
    expect(ZCreateAdmin.safeParse(admin).success).toBe(true);
    expect(mismatchOn({ ...admin, confirmPassword: 'other password' })).toBe('Passwords do not match');
  });
});
