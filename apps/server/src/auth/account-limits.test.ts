/**
 * The per-account limits of the auth routes (@fastify/rate-limit, http/account-rate-limit.ts) through
 * the whole app. Reset mails count per email from any address; player sign-ins per (account,
 * address), so a stranger's tries never lock the real player out (issue 30). With TEST_REDIS_URL,
 * two instances on one Redis share the counts.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createOrg, createUser, perMinute, type TestContext, withTestContext } from '../test/context';
import { expectRateLimited } from '../test/error-replies';
import { testRedis } from '../test/redis';

let address = 0;
const from = () => `10.20.${++address >> 8}.${address & 255}`;
const participant = (ctx: TestContext, username: string, org: string, ip = from()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/participantLogin',
    payload: { username, org },
    remoteAddress: ip,
  });
const reset = (ctx: TestContext, email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/requestReset', payload: { email }, remoteAddress: from() });

describe('per-account limits', () => {
  it('count reset requests per email, trimmed and lowercased, from any address', async () => {
    await withTestContext({ rateLimits: perMinute({ resetPerAccount: 2 }) }, async (ctx) => {
      expect((await reset(ctx, 'kim@example.com')).statusCode).toBe(200);
      expect((await reset(ctx, ' KIM@example.com ')).statusCode).toBe(200);
      const refused = await reset(ctx, 'Kim@Example.com');
      expectRateLimited(refused, 'Too many attempts, please try again later');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(55);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect((await reset(ctx, 'lee@example.com')).statusCode).toBe(200);
    });
  });

  it('count a player per organization, username and address, ignoring case, after the address budget', async () => {
    await withTestContext(
      { rateLimits: perMinute({ participantPerAccount: 1, participantPerOrg: 2 }) },
      async (ctx) => {
        expect((await participant(ctx, 'Ghost', 'Nowhere', '10.30.0.1')).statusCode).toBe(404);
        expect((await participant(ctx, 'ghost', 'NOWHERE', '10.30.0.1')).statusCode).toBe(429);
        // From another address the same player has a count of its own.
        expect((await participant(ctx, 'ghost', 'Nowhere', '10.30.0.2')).statusCode).toBe(404);
        // This address's budget for the organization (2) is spent: a new player is refused too…
        expect((await participant(ctx, 'other', 'Nowhere', '10.30.0.1')).statusCode).toBe(429);
        // …but not from another address, nor elsewhere.
        expect((await participant(ctx, 'other', 'Nowhere', '10.30.0.3')).statusCode).toBe(404);
        expect((await participant(ctx, 'ghost', 'Elsewhere', '10.30.0.1')).statusCode).toBe(404);
      },
    );
  });

  it("cannot be used to keep a player out: 21 tries from one address, the player signs in from theirs (issue 30's attack)", async () => {
    // The product's own limits, not the tests' shortened ones.
    await withTestContext({}, async (ctx) => {
      const org = await createOrg(ctx.database, { name: 'Lockout Org' });
      const player = await createUser(ctx.database, 'PLAYER', org.id);
      const codes: number[] = [];
      for (let i = 0; i < 20; i++)
        codes.push((await participant(ctx, player.username!, 'Lockout Org', '203.0.113.66')).statusCode);
      expect(codes).toEqual(Array(20).fill(200));
      const refused = await participant(ctx, player.username!, 'Lockout Org', '203.0.113.66');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      const real = await participant(ctx, player.username!, 'Lockout Org', '198.51.100.7');
      expect(real.statusCode).toBe(200);
      expect(real.json().username).toBe(player.username);
    });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl)
  console.warn('[playshop] Two-instance per-account limit test skipped: TEST_REDIS_URL is not set.');

describe.runIf(redisUrl)('per-account limits over Redis', () => {
  const prefix = `test-acct-${randomUUID().slice(0, 8)}`;
  const redis = testRedis(redisUrl!, `${prefix}-`);

  it('are shared by two instances on one Redis', async () => {
    const options = async () => ({
      redis: await redis.connect(),
      env: { REDIS_PREFIX: prefix },
      rateLimits: perMinute({ participantPerAccount: 1, participantPerOrg: 3, resetPerAccount: 1 }),
    });
    await withTestContext(await options(), async (a) =>
      withTestContext(await options(), async (b) => {
        const ip = '10.40.0.1';
        expect((await participant(a, 'ghost1', 'Shared Org', ip)).statusCode).toBe(404);
        expect((await participant(b, 'Ghost1', 'shared org', ip)).statusCode).toBe(429);
        // The same player from another address, on either instance: not locked.
        expect((await participant(b, 'ghost1', 'Shared Org', '10.40.0.2')).statusCode).toBe(404);
        expect((await participant(b, 'ghost2', 'Shared Org', ip)).statusCode).toBe(404);
        // Three tries of the organization from one address on the two instances: the fourth is refused.
        expect((await participant(a, 'ghost3', 'Shared Org', ip)).statusCode).toBe(429);
        expect((await participant(a, 'ghost3', 'Shared Org', '10.40.0.3')).statusCode).toBe(404);

        expect((await reset(a, 'pat@example.com')).statusCode).toBe(200);
        const refused = await reset(b, 'PAT@example.com');
        expect(refused.statusCode).toBe(429);
        expect(refused.json().code).toBe('RATE_LIMITED');
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(55);
        // The counters are the library's, under this deployment's prefix.
        expect(await redis.keys(`${prefix}-rl:*acct:reset:pat@example.com`)).toHaveLength(1);
      }),
    );
  });
});
