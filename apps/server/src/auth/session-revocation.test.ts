/**
 * An access token stops working on the next request after a role change,
 * a deletion, a logout, a password reset or an organization expiry; a token without exp or iat is
 * refused.
 */

import { randomUUID } from 'node:crypto';
import type { Role } from '@playshop/shared';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInSessions, users } from '../db/schema';
import { groupedAccessTokenCheck } from '../sessions/authenticate';
import { accessTokens } from '../sessions/tokens';
import {
  createOrg,
  createTestContext,
  createUser,
  headersCaller,
  newResetToken,
  signIn,
  signInNewUser,
  type TestContext,
} from '../test/context';

const SECRET = 'test-secret-that-is-long-enough-for-hs256!!';
let ctx: TestContext;
let org: Awaited<ReturnType<typeof createOrg>>;
let root: { headers: Record<string, string> };

const api = headersCaller(() => ctx);
const newAdminBody = (email: string) => ({
  firstName: 'New',
  lastName: 'Admin',
  email,
  role: 'ADMIN',
  organizationId: org.id,
  password: 'a long new password',
  confirmPassword: 'a long new password',
});

beforeAll(async () => {
  ctx = await createTestContext({ env: { JWT_SECRET: SECRET } });
  org = await createOrg(ctx.database, { name: 'Revocation Org' });
  root = await signInNewUser(ctx, 'SUPER_ADMIN', org.id);
});
afterAll(() => ctx.close());

describe('access tokens follow every change at once', () => {
  it('an admin demoted to facilitator cannot create an admin with the old token nor refresh; a new sign-in has the new role', async () => {
    const admin = await createUser(ctx.database, 'ADMIN', org.id);
    const session = await signIn(ctx.app, admin);
    const demote = await api('PATCH', '/edit-admin', root.headers, {
      id: admin.id,
      firstName: admin.firstName,
      lastName: admin.lastName,
      email: admin.email,
      role: 'FACILITATOR',
      organizationId: org.id,
    });
    expect(demote.statusCode).toBe(200);
    const attempt = await api('POST', '/create-admin', session.headers, newAdminBody('sneaky@example.com'));
    expect(attempt.statusCode).toBe(401);
    expect(attempt.json().code).toBe('TOKEN_REVOKED');
    const [created] = await ctx.database.db.select().from(users).where(eq(users.email, 'sneaky@example.com'));
    expect(created).toBeUndefined();
    const renewed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/refresh',
      cookies: { playshop_refresh: session.refreshCookie },
      headers: { 'x-requested-with': 'playshop' },
    });
    // A demotion ends the session (issue 43): the refresh is refused, a new sign-in has the new role.
    expect(renewed.statusCode).toBe(401);
    const again = await signIn(ctx.app, admin);
    expect(again.body).toMatchObject({ role: 'FACILITATOR' });
    const asFacilitator = again.headers;
    expect(
      (await api('POST', '/create-admin', asFacilitator, newAdminBody('again@example.com'))).statusCode,
    ).toBe(403);
  });

  it('a deleted user cannot write with their token', async () => {
    const facilitator = await createUser(ctx.database, 'FACILITATOR', org.id);
    const session = await signIn(ctx.app, facilitator);
    expect((await api('DELETE', `/delete-admin/${facilitator.id}`, root.headers)).statusCode).toBe(200);
    const res = await api('POST', '/createcategory', session.headers, { name: 'Ghost writes' });
    expect(res.statusCode).toBe(401);
  });

  it('logout ends the access token too', async () => {
    const admin = await createUser(ctx.database, 'ADMIN', org.id);
    const session = await signIn(ctx.app, admin);
    const url = `/check-org-expiry/${org.id}`;
    expect((await api('GET', url, session.headers)).statusCode).toBe(200);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      cookies: { playshop_refresh: session.refreshCookie },
    });
    expect((await api('GET', url, session.headers)).statusCode).toBe(401);
  });

  it('a password reset ends every access token of the user', async () => {
    const admin = await createUser(ctx.database, 'ADMIN', org.id);
    const session = await signIn(ctx.app, admin);
    const token = await newResetToken(ctx.database, admin.id);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/resetPassword',
      payload: { token, password: 'quite another password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await api('GET', `/check-org-expiry/${org.id}`, session.headers)).statusCode).toBe(401);
  });

  it('the token check (for open sockets) turns false on expiry, demotion and logout', async () => {
    const tokens = accessTokens(SECRET);
    const check = groupedAccessTokenCheck(ctx.database.db);
    const expiring = await createOrg(ctx.database);
    const facilitator = await createUser(ctx.database, 'FACILITATOR', expiring.id);
    const claims = await tokens.verify((await signIn(ctx.app, facilitator)).body.accessToken);
    expect(await check(claims)).toBe('current');
    await api('PATCH', '/edit-org', root.headers, { id: expiring.id, expiry: '2000-01-01' });
    expect(await check(claims)).toBe('org_expired');
    // The edit ended the session (issue 43): a renewed licence does not bring it back.
    await api('PATCH', '/edit-org', root.headers, { id: expiring.id, expiry: null });
    expect(await check(claims)).toBe('revoked');

    const admin = await createUser(ctx.database, 'ADMIN', org.id);
    const adminClaims = await tokens.verify((await signIn(ctx.app, admin)).body.accessToken);
    expect(await check(adminClaims)).toBe('current');
    await ctx.database.db.update(users).set({ role: 'PLAYER' }).where(eq(users.id, admin.id));
    expect(await check(adminClaims)).toBe('revoked');
  });

  it('a crowd of checks at once (grouped into shared reads): each token gets its own answer', async () => {
    const check = groupedAccessTokenCheck(ctx.database.db);
    const expired = await createOrg(ctx.database, { expiry: '2000-01-01' });
    const claimsOf = (user: { id: number; role: Role; orgId: number }, sessionId = randomUUID()) => ({
      userId: user.id,
      role: user.role,
      orgId: user.orgId,
      sessionId,
      orgName: '',
      username: '',
    });
    const withSession = async (
      user: { id: number; role: Role; orgId: number },
      endedAt: Date | null = null,
    ) => {
      const id = randomUUID();
      await ctx.database.db
        .insert(signInSessions)
        .values({ id, userId: user.id, orgId: user.orgId, kind: 'password', endedAt });
      return claimsOf(user, id);
    };
    const player = await createUser(ctx.database, 'PLAYER', org.id);
    const current = await withSession(player);
    const demoted = await withSession(await createUser(ctx.database, 'ADMIN', org.id));
    await ctx.database.db.update(users).set({ role: 'PLAYER' }).where(eq(users.id, demoted.userId));
    const gone = { ...current, userId: 2_000_000_000 };
    const ended = await withSession(player, new Date());
    const unknown = claimsOf(player);
    const lapsed = await withSession(await createUser(ctx.database, 'FACILITATOR', expired.id));
    // A super admin is not locked out by their organization's expiry.
    const root = await withSession(await createUser(ctx.database, 'SUPER_ADMIN', expired.id));
    const crowd = [current, demoted, gone, ended, unknown, lapsed, root];
    const answers = await Promise.all([...crowd, ...crowd].map((claims) => check(claims)));
    const expected = ['current', 'revoked', 'revoked', 'revoked', 'revoked', 'org_expired', 'current'];
    expect(answers).toEqual([...expected, ...expected]);
  });
});

describe('required claims', () => {
  const signed = (build: (jwt: SignJWT) => SignJWT) =>
    build(
      new SignJWT({
        role: 'SUPER_ADMIN',
        orgId: org.id,
        org: 'Revocation Org',
        username: 'x',
        sid: randomUUID(),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuer('playshop')
        .setAudience('playshop-api'),
    ).sign(new TextEncoder().encode(SECRET));

  it('refuses a correctly signed token without exp or without iat', async () => {
    const noExp = await signed((j) => j.setIssuedAt());
    const noIat = await signed((j) => j.setExpirationTime('5m'));
    for (const token of [noExp, noIat]) {
      const res = await api('GET', '/get-orgs', { authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_TOKEN');
    }
  });
});
