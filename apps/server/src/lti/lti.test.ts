import { readFileSync } from 'node:fs';
import { english } from '@playshop/messages/english';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameEvents, games, ltiAccounts, ltiScores, signInSessions, users } from '../db/schema';
import {
  createOrg,
  createRoom,
  createTestContext,
  PUBLIC_URL,
  signInNewUser,
  type TestContext,
  type TestOrg,
} from '../test/context';
import { type PlatformLaunch, startLtiPlatform, type TestLtiPlatform } from '../test/lti-platform';
import { toolUrls } from './platforms';
import { backoff } from './scores';
import { ltiService } from './service';

const SECRET = 'test-secret-that-is-long-enough-for-hs256!!';
const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
const INSTRUCTOR = ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'];

let ctx: TestContext;
let platform: TestLtiPlatform;
let org: TestOrg;
let other: TestOrg;
let room: Awaited<ReturnType<typeof createRoom>>;
let adminHeaders: Record<string, string>;

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const html = (s: string) => s.replace(/'/g, '&#39;');
const inputsOf = (page: string) =>
  Object.fromEntries(
    [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))),
    ]),
  );

/** The login initiation at the tool (as the platform's course page posts it). */
async function login(hint: string, launch: PlatformLaunch, method: 'GET' | 'POST' = 'POST', orgId = org.id) {
  const fields = {
    iss: platform.issuer,
    login_hint: hint,
    target_link_uri: toolUrls(PUBLIC_URL, orgId).launchUrl,
    client_id: platform.clientId,
    lti_deployment_id: launch.deploymentId ?? platform.deploymentId,
  };
  const query = new URLSearchParams(fields).toString();
  return ctx.app.inject(
    method === 'GET'
      ? { method, url: `/api/v1/lti/${orgId}/login?${query}` }
      : { method, url: `/api/v1/lti/${orgId}/login`, headers: FORM, payload: query },
  );
}

/** The launch's form post with the state's cookie (the browser's). */
const postLaunch = (form: Record<string, string>, cookie: string, orgId = org.id) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/lti/${orgId}/launch`,
    headers: { ...FORM, cookie },
    payload: new URLSearchParams(form).toString(),
  });

/** A whole launch: login initiation, the platform's auth endpoint over HTTP, the form post back. */
async function launch(launchOf: PlatformLaunch, method: 'GET' | 'POST' = 'POST') {
  const hint = platform.prepare(launchOf);
  const started = await login(hint, launchOf, method);
  expect(started.statusCode, started.body).toBe(302);
  const state = started.cookies.find((c) => c.name.startsWith('playshop_lti_'))!;
  const auth = await fetch(String(started.headers.location));
  const form = inputsOf(await auth.text());
  const cookie = `${state.name}=${state.value}`;
  return { form, cookie, res: await postLaunch(form, cookie) };
}

/** A course author's deep linking launch, its picker shown (200). */
async function authorLaunch(sub: string, claims?: Record<string, unknown>) {
  const picker = await launch({
    sub,
    roles: INSTRUCTOR,
    messageType: 'LtiDeepLinkingRequest',
    ...(claims ? { claims } : {}),
  });
  expect(picker.res.statusCode, picker.res.body).toBe(200);
  return picker;
}

/** The tool's service on the test's database, as the app builds it (its timer is off: the test drives it). */
const toolService = (now?: () => Date) =>
  ltiService({
    db: ctx.database.db,
    serverSecret: SECRET,
    publicUrl: PUBLIC_URL,
    log: pino({ level: 'silent' }),
    allowPrivate: true,
    ...(now ? { now } : {}),
  });

function expectRefused(res: { statusCode: number; body: string; cookies: { name: string }[] }, text: string) {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(res.body).toContain(html(text));
  expect(res.cookies.some((c) => c.name === 'playshop_refresh')).toBe(false);
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL }, ltiScoreEveryMs: 0 });
  org = await createOrg(ctx.database, { name: 'Lti Org' });
  other = await createOrg(ctx.database, { name: 'Other Lti Org' });
  room = await createRoom(ctx.database, org.id, 'Course room', `Lti workshop ${org.id}`);
  adminHeaders = (await signInNewUser(ctx, 'ADMIN', org.id)).headers;
  const urls = toolUrls(PUBLIC_URL, org.id);
  platform = await startLtiPlatform({
    ...urls,
    toolJwks: async () => (await ctx.app.inject({ method: 'GET', url: '/api/v1/lti/jwks' })).json(),
  });
  const added = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/organizations/${org.id}/lti/platforms`,
    headers: adminHeaders,
    payload: platform.registration(),
  });
  expect(added.statusCode, added.body).toBe(200);
  // The same platform registered by another organization, with its own deployment.
  const otherAdmin = (await signInNewUser(ctx, 'ADMIN', other.id)).headers;
  const otherAdded = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/organizations/${other.id}/lti/platforms`,
    headers: otherAdmin,
    payload: platform.registration(['deployment-2']),
  });
  expect(otherAdded.statusCode, otherAdded.body).toBe(200);
});

afterAll(async () => {
  await platform?.close();
  await ctx?.close();
});

describe('Settings › LTI', () => {
  it('shows what to paste into the platform and the platform registered', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${org.id}/lti`,
      headers: adminHeaders,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tool).toMatchObject({
      loginUrl: `${PUBLIC_URL}/api/v1/lti/${org.id}/login`,
      launchUrl: `${PUBLIC_URL}/api/v1/lti/${org.id}/launch`,
      jwksUrl: `${PUBLIC_URL}/api/v1/lti/jwks`,
    });
    expect(body.tool.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(body.platforms).toEqual([
      expect.objectContaining({ issuer: platform.issuer, deploymentIds: ['deployment-1'] }),
    ]);
  });

  it('refuses a registration without deployment, a bad address, a duplicate, with clear texts', async () => {
    const post = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/organizations/${org.id}/lti/platforms`,
        headers: adminHeaders,
        payload,
      });
    const none = await post({ ...platform.registration(), deploymentIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(english('lti.deploymentRequired'));
    const bad = await post({ ...platform.registration(), tokenUrl: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(english('lti.urlInvalid'));
    const again = await post(platform.registration());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(english('lti.duplicatePlatform'));
  });

  it('a production server refuses plain http and private platform addresses', async () => {
    const prod = await createTestContext({
      env: { PUBLIC_URL, SSO_ALLOW_PRIVATE_ISSUERS: 'false' },
      ltiScoreEveryMs: 0,
    });
    try {
      const prodOrg = await createOrg(prod.database);
      const headers = (await signInNewUser(prod, 'ADMIN', prodOrg.id)).headers;
      const post = (payload: object) =>
        prod.app.inject({
          method: 'POST',
          url: `/api/v1/organizations/${prodOrg.id}/lti/platforms`,
          headers,
          payload,
        });
      const base = {
        issuer: 'https://lms.example.org',
        clientId: 'tool-1',
        deploymentIds: ['1'],
        authUrl: 'https://8.8.8.8/auth',
        tokenUrl: 'https://8.8.8.8/token',
        jwksUrl: 'https://8.8.8.8/jwks',
      };
      for (const [field, value] of [
        ['issuer', 'http://lms.example.org'],
        ['authUrl', 'http://8.8.8.8/auth'],
        ['jwksUrl', 'https://127.0.0.1/jwks'],
        ['tokenUrl', 'https://10.0.0.8/token'],
      ] as const) {
        const res = await post({ ...base, [field]: value });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ message: english('lti.urlNotHttps'), field });
      }
      expect((await post(base)).statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('a launch from the platform', () => {
  it('lands a learner in the room as a player of the organization, matched again by (issuer, sub)', async () => {
    const first = await launch({
      sub: 'learner-1',
      name: 'Lee Learner',
      custom: { room_id: String(room.id) },
    });
    expect(first.res.statusCode, first.res.body).toBe(303);
    expect(first.res.cookies.some((c) => c.name === 'playshop_refresh')).toBe(true);
    const [account] = await ctx.database.db
      .select({ userId: ltiAccounts.userId, role: users.role, orgId: users.orgId, username: users.username })
      .from(ltiAccounts)
      .innerJoin(users, eq(users.id, ltiAccounts.userId))
      .where(and(eq(ltiAccounts.sub, 'learner-1'), eq(ltiAccounts.orgId, org.id)));
    expect(account).toMatchObject({ role: 'PLAYER', orgId: org.id, username: 'Lee Learner' });
    expect(first.res.headers.location).toBe(
      `${PUBLIC_URL}/${encodeURIComponent(org.name)}/${encodeURIComponent('Lee Learner')}/play-game/${room.id}?join=1`,
    );
    const sessions = await ctx.database.db
      .select({ kind: signInSessions.kind })
      .from(signInSessions)
      .where(eq(signInSessions.userId, account!.userId));
    expect(sessions.map((s) => s.kind)).toEqual(['lti']);
    // GET login initiation too; the same person again is the same account.
    const again = await launch(
      { sub: 'learner-1', name: 'Lee Learner', custom: { room_id: String(room.id) } },
      'GET',
    );
    expect(again.res.statusCode).toBe(303);
    expect(again.res.headers.location).toBe(first.res.headers.location);
  });

  it('lands an instructor on the room’s facilitator game screen', async () => {
    const { res } = await launch({
      sub: 'teacher-1',
      name: 'Tess Teacher',
      roles: INSTRUCTOR,
      custom: { room_id: String(room.id) },
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(
      `${PUBLIC_URL}/${encodeURIComponent(org.name)}/facilitator/online/rooms/play-game/${room.id}`,
    );
    const [account] = await ctx.database.db
      .select({ role: users.role })
      .from(ltiAccounts)
      .innerJoin(users, eq(users.id, ltiAccounts.userId))
      .where(eq(ltiAccounts.sub, 'teacher-1'));
    expect(account?.role).toBe('FACILITATOR');
  });

  it('refuses a replayed nonce: the same post again, and the old token with a new login', async () => {
    const valid = await launch({ sub: 'learner-2', custom: { room_id: String(room.id) } });
    expect(valid.res.statusCode).toBe(303);
    expectRefused(await postLaunch(valid.form, valid.cookie), english('lti.stateInvalid'));
    // A new login's state, the old id_token (its nonce was another login's).
    const hint = platform.prepare({ sub: 'learner-2' });
    const started = await login(hint, { sub: 'learner-2' });
    const state = started.cookies.find((c) => c.name.startsWith('playshop_lti_'))!;
    const newState = new URL(String(started.headers.location)).searchParams.get('state')!;
    expectRefused(
      await postLaunch({ id_token: valid.form.id_token!, state: newState }, `${state.name}=${state.value}`),
      english('lti.stateInvalid'),
    );
  });

  it('refuses a launch without the browser’s state cookie (login CSRF)', async () => {
    const hint = platform.prepare({ sub: 'learner-3', custom: { room_id: String(room.id) } });
    const started = await login(hint, { sub: 'learner-3' });
    const form = inputsOf(await (await fetch(String(started.headers.location))).text());
    expectRefused(await postLaunch(form, ''), english('lti.stateInvalid'));
  });

  it('refuses a wrong audience, and several audiences without this tool as azp', async () => {
    const wrong = await launch({
      sub: 'learner-4',
      custom: { room_id: String(room.id) },
      claims: { aud: 'someone-else' },
    });
    expectRefused(wrong.res, english('lti.tokenInvalid'));
    const several = await launch({
      sub: 'learner-4',
      custom: { room_id: String(room.id) },
      claims: { aud: [platform.clientId, 'another-tool'] },
    });
    expectRefused(several.res, english('lti.tokenInvalid'));
    const withAzp = await launch({
      sub: 'learner-4',
      custom: { room_id: String(room.id) },
      claims: { aud: [platform.clientId, 'another-tool'], azp: platform.clientId },
    });
    expect(withAzp.res.statusCode, withAzp.res.body).toBe(303);
  });

  it('refuses an expired token, and one issued too long ago', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await launch({ sub: 'learner-5', claims: { exp: now - 600, iat: now - 900 } });
    expectRefused(expired.res, english('lti.tokenInvalid'));
    const old = await launch({ sub: 'learner-5', claims: { iat: now - 3600, exp: now + 600 } });
    expectRefused(old.res, english('lti.tokenInvalid'));
  });

  it('refuses another organization’s deployment, at login and in the token', async () => {
    const atLogin = await login(platform.prepare({ sub: 'x' }), { sub: 'x', deploymentId: 'deployment-2' });
    expectRefused(atLogin, english('lti.unknownDeployment'));
    const inToken = await launch({
      sub: 'learner-6',
      custom: { room_id: String(room.id) },
      claims: { [`${LTI}/deployment_id`]: 'deployment-2' },
    });
    expectRefused(inToken.res, english('lti.unknownDeployment'));
    expect(inToken.res.statusCode).toBe(403);
  });

  it('refuses a wrong version or message type, and a link that names no room of the organization', async () => {
    const version = await launch({ sub: 'learner-7', claims: { [`${LTI}/version`]: '1.1' } });
    expectRefused(version.res, english('lti.wrongMessage'));
    const noRoom = await launch({ sub: 'learner-7' });
    expectRefused(noRoom.res, english('lti.noRoom'));
    const otherRoom = await createRoom(ctx.database, other.id, 'Elsewhere', `Other workshop ${other.id}`);
    const elsewhere = await launch({ sub: 'learner-7', custom: { room_id: String(otherRoom.id) } });
    expectRefused(elsewhere.res, english('lti.roomNotFound'));
  });

  it('refuses a login for a target other than the organization’s launch address', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/lti/${org.id}/login?${new URLSearchParams({
        iss: platform.issuer,
        login_hint: 'x',
        target_link_uri: 'https://evil.example/phish',
        client_id: platform.clientId,
      })}`,
    });
    expectRefused(res, english('lti.launchFailed'));
  });
});

describe('deep linking', () => {
  it('an author picks a room; the platform checks the signed response', async () => {
    const picker = await authorLaunch('teacher-1');
    expect(picker.res.body).toContain('Course room');
    const { context } = inputsOf(picker.res.body);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/lti/${org.id}/deep-link`,
      headers: FORM,
      payload: new URLSearchParams({
        context: context!,
        choice: `room:${room.id}`,
        score: 'points',
        scoreMaximum: '20',
      }).toString(),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toContain(`action="${platform.issuer}/deep-link-return"`);
    // Its one inline script allowed by hash, its form only to the platform.
    expect(answer.headers['content-security-policy']).toMatch(
      new RegExp(`script-src 'sha256-[^']+'; .*form-action ${platform.issuer};`),
    );
    const { JWT } = inputsOf(answer.body);
    const placed = await fetch(`${platform.issuer}/deep-link-return`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ JWT: JWT! }),
    });
    expect(placed.status).toBe(200);
    expect(platform.deepLinks.at(-1)).toEqual({
      data: 'platform-data-1',
      items: [
        expect.objectContaining({
          type: 'ltiResourceLink',
          title: 'Course room',
          url: toolUrls(PUBLIC_URL, org.id).launchUrl,
          custom: { room_id: String(room.id), score: 'points', score_maximum: '20' },
          lineItem: expect.objectContaining({ scoreMaximum: 20 }),
        }),
      ],
    });
    // A response changed on the way fails the platform's signature check.
    const [h, p, s] = JWT!.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), title: 'x' })).toString('base64url')}.${s}`;
    const refused = await fetch(`${platform.issuer}/deep-link-return`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ JWT: forged }),
    });
    expect(refused.status).toBe(400);
  });

  it('signs with a new key after a rotation, the old one still published', async () => {
    const lti = toolService();
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/v1/lti/jwks' })).json().keys.length;
    const kid = await lti.keys.rotate();
    const jwks = (await ctx.app.inject({ method: 'GET', url: '/api/v1/lti/jwks' })).json();
    expect(jwks.keys).toHaveLength(before + 1);
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(kid);
    const signed = await lti.keys.sign({ iss: 'x' }, '1 minute');
    expect(JSON.parse(Buffer.from(signed.split('.')[0]!, 'base64url').toString()).kid).toBe(kid);
  });

  it('refuses a learner, and a choice that has been tampered with', async () => {
    const learner = await launch({ sub: 'learner-8', messageType: 'LtiDeepLinkingRequest' });
    expectRefused(learner.res, english('lti.notInstructor'));
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/lti/${org.id}/deep-link`,
      headers: FORM,
      payload: new URLSearchParams({
        context: 'forged',
        choice: `room:${room.id}`,
        score: 'points',
        scoreMaximum: '5',
      }).toString(),
    });
    expectRefused(res, english('lti.deepLinkExpired'));
  });
});

describe('the launch’s pages in the reader’s language', () => {
  it('the picker in the platform’s locale (fr-CA), a refusal in the browser’s (Arabic, right to left)', async () => {
    const picker = await authorLaunch('teacher-fr', {
      'https://purl.imsglobal.org/spec/lti/claim/launch_presentation': { locale: 'fr-CA' },
    });
    expect(picker.res.body).toContain('<html lang="fr" dir="ltr">');
    expect(picker.res.body).toContain('<legend>Une salle</legend>');
    expect(picker.res.body).toContain('Placer dans le cours</button>');
    expect(picker.res.body).not.toContain('Gradebook');

    const hint = platform.prepare({ sub: 'learner-ar', custom: { room_id: String(room.id) } });
    const started = await login(hint, { sub: 'learner-ar' });
    const form = inputsOf(await (await fetch(String(started.headers.location))).text());
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/lti/${org.id}/launch`,
      headers: { ...FORM, 'accept-language': 'ar-MA, en;q=0.5' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<html lang="ar" dir="rtl">');
    const arabic = JSON.parse(
      readFileSync(
        new URL('../../../../packages/messages/catalogues/staff/ar.json', import.meta.url),
        'utf8',
      ),
    );
    expect(refused.body).toContain(html(arabic['lti.stateInvalid']));
    expect(refused.body).not.toContain(html(english('lti.stateInvalid')));
  });
});

describe('Assignment and Grade Services', () => {
  it('posts a learner’s points after the game, retried after a failure, and reads them back', async () => {
    const lineItem = platform.lineItem('Course room');
    const { res } = await launch({
      sub: 'learner-ags',
      name: 'Ada Grade',
      resourceLinkId: 'link-ags',
      lineItemUrl: lineItem,
      custom: { room_id: String(room.id), score: 'points', score_maximum: '10' },
    });
    expect(res.statusCode).toBe(303);
    const [{ userId }] = (await ctx.database.db
      .select({ userId: ltiAccounts.userId })
      .from(ltiAccounts)
      .where(eq(ltiAccounts.sub, 'learner-ags'))) as [{ userId: number }];
    // A game in the room: joined, one right answer revealed (1), one bingo (5), ended.
    const [game] = await ctx.database.db.insert(games).values({ roomId: room.id, lastSeq: 6 }).returning();
    const events = [
      { type: 'lobby_opened', payload: {} },
      {
        type: 'player_joined',
        payload: {
          userId,
          username: 'Ada Grade',
          card: [
            [1, 16, 31, 46, 61],
            [2, 17, 32, 47, 62],
            [3, 18, 0, 48, 63],
            [4, 19, 34, 49, 64],
            [5, 20, 35, 50, 65],
          ],
        },
      },
      {
        type: 'content_sent',
        payload: {
          contentId: 9,
          contentType: 'QUESTION',
          question: {
            options: [
              { id: 1, name: 'a' },
              { id: 2, name: 'b' },
            ],
            correct: 2,
          },
        },
      },
      {
        type: 'question_answered',
        payload: { contentId: 9, userId, username: 'Ada Grade', choice: 2, at: new Date().toISOString() },
      },
      { type: 'answer_revealed', payload: { contentId: 9 } },
      {
        type: 'bingo',
        payload: { userId, username: 'Ada Grade', lines: ['B'], at: new Date().toISOString() },
      },
    ];
    await ctx.database.db
      .insert(gameEvents)
      .values(events.map((e, i) => ({ gameId: game!.id, seq: i + 1, ...e })));
    await ctx.database.db.update(games).set({ endedAt: new Date() }).where(eq(games.id, game!.id));

    let clock = Date.now() + 1000;
    const lti = toolService(() => new Date(clock));
    expect(await lti.scores.enqueue()).toBe(1);
    // Each game is scanned once: nothing more to queue.
    expect(await lti.scores.enqueue()).toBe(0);
    platform.failNextScores(1);
    expect(await lti.scores.sendDue()).toBe(0);
    const [waiting] = await ctx.database.db.select().from(ltiScores).where(eq(ltiScores.gameId, game!.id));
    expect(waiting).toMatchObject({ attempts: 1, sentAt: null, lastError: 'score endpoint answered 503' });
    // Not due before its backoff, due after.
    expect(await lti.scores.sendDue()).toBe(0);
    clock += backoff(0) + 1;
    expect(await lti.scores.sendDue()).toBe(1);
    expect(platform.scores.at(-1)).toMatchObject({
      userId: 'learner-ags',
      scoreGiven: 6,
      scoreMaximum: 10,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    });
    expect(await platform.results(lineItem)).toEqual([
      { userId: 'learner-ags', resultScore: 6, resultMaximum: 10 },
    ]);
  });
});
