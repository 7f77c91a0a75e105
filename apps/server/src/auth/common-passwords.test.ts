/** The most common passwords are refused wherever a password is chosen, saying why. */

import { english } from '@playshop/messages/english';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCommonPassword } from '../password-rules';
import {
  createOrg,
  createTestContext,
  createUser,
  newResetToken,
  signInNewUser,
  type TestContext,
} from '../test/context';
import { expectFieldRefusal } from '../test/error-replies';

let ctx: TestContext;
let org: Awaited<ReturnType<typeof createOrg>>;
let root: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createOrg(ctx.database);
  root = (await signInNewUser(ctx, 'SUPER_ADMIN', org.id)).headers;
});
afterAll(() => ctx.close());

describe('common passwords', () => {
  it('knows the usual suspects in any case, and not a long passphrase', () => {
    for (const p of ['password', 'Password1', '12345678', 'iloveyou', 'QWERTYUIOP'])
      expect(isCommonPassword(p)).toBe(true);
    expect(isCommonPassword('correct horse battery')).toBe(false);
  });

  it('refuses one for a new staff account with the reason', async () => {
    const createStaff = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/create-admin',
        headers: root,
        payload: {
          firstName: 'Casey',
          lastName: 'Common',
          email: 'casey@example.com',
          role: 'FACILITATOR',
          organizationId: org.id,
          password,
          confirmPassword: password,
        },
      });
    const res = await createStaff('sunshine1');
    expectFieldRefusal(
      res,
      'COMMON_PASSWORD',
      english('validation.commonPassword'),
      'validation.commonPassword',
      'password',
    );
    const ok = await createStaff('sunshine over the river');
    expect(ok.statusCode).toBe(201);
  });

  it('refuses one in a password reset and leaves the token usable', async () => {
    const admin = await createUser(ctx.database, 'ADMIN', org.id);
    const token = await newResetToken(ctx.database, admin.id);
    const reset = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/resetPassword',
        payload: { token, password },
      });
    const refused = await reset('football');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(english('validation.commonPassword'));
    expect((await reset('a much better passphrase')).statusCode).toBe(200);
  });
});
