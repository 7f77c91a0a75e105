import { englishOf } from '@playshop/messages/english';
import { describe, expect, it } from 'vitest';
import { ZParticipantLogin } from './joining';
import { ZRequestReset, ZResetPassword, ZResetPasswordForm } from './schemas';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : englishOf(r.error?.issues[0]?.message);

describe('validation texts of SPEC §5', () => {
  it('participant login needs a username', () => {
    expect(firstMessage(ZParticipantLogin.safeParse({ username: '  ', org: 'Acme' }))).toBe(
      'Username is required',
    );
    // Scoped to an organization: named, by id, or by a room code.
    expect(firstMessage(ZParticipantLogin.safeParse({ username: 'sam' }))).toBe(
      'Organization or room code is required',
    );
    expect(ZParticipantLogin.parse({ username: ' sam ', code: 'abc-234' })).toEqual({
      username: 'sam',
      code: 'ABC234',
    });
  });
  it('request reset needs a plausible email', () => {
    expect(firstMessage(ZRequestReset.safeParse({ email: '' }))).toBe('Email is required');
    expect(firstMessage(ZRequestReset.safeParse({ email: 'nobody' }))).toBe('Invalid email address');
    expect(ZRequestReset.safeParse({ email: 'a@b' }).success).toBe(true);
  });
  it('reset password needs 8 characters and a matching confirmation', () => {
    expect(firstMessage(ZResetPassword.safeParse({ password: 'short', token: 't' }))).toBe(
      'Password must be at least 8 characters long',
    );
    expect(
      firstMessage(ZResetPasswordForm.safeParse({ password: 'longenough', confirmPassword: 'other' })),
    ).toBe('The passwords do not match');
    expect(
      ZResetPasswordForm.safeParse({ password: 'longenough', confirmPassword: 'longenough' }).success,
    ).toBe(true);
  });
});
