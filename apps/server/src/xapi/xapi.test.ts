import validateStatement from '@learninglocker/xapi-validation';
import { english } from '@playshop/messages/english';
import { XAPI_VERBS } from '@playshop/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { auditLog, categories, orgXapi, users, xapiStatements } from '../db/schema';
import { createProjector } from '../insights/projector';
import { secondsAfter, TEST_CARD, writeGame } from '../insights/test-log';
import type { Statement } from '../insights/xapi-statements';
import { createOrg, createRoom, createUser, signIn, useTestDatabase, withTestContext } from '../test/context';
import { type FakeLrs, fakeLrs } from '../test/fake-lrs';
import { FIRE_EXIT_ANSWERS, insertQuestion } from '../test/question-room';
import { xapiDelivery } from './delivery';
import { lrsFetch } from './lrs-client';
import { lrsSecrets } from './service';

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256!!';
const PUBLIC_URL = 'https://playshop.example.org';
const database = useTestDatabase();

/** The app on this file's database, as a restarted server would be (its timer never fires by itself). */
async function startApp(): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/playshop-unused',
    JWT_SECRET,
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
  });
  const app = await buildApp({ config, database: database(), logger: false, xapiDeliveryEveryMs: 3_600_000 });
  await app.ready();
  return app;
}

let app: FastifyInstance;
let lrs: FakeLrs;
let org: Awaited<ReturnType<typeof createOrg>>;
let admin: { headers: Record<string, string>; userId: number };
const api = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers = admin.headers) =>
  app.inject({ method, url: `/api/v1${url}`, headers, payload });

const connect = (extra: object = {}) =>
  api('PUT', `/organizations/${org.id}/xapi`, {
    enabled: true,
    endpoint: lrs.endpoint,
    key: lrs.key,
    secret: lrs.secret,
    identifyByEmail: false,
    ...extra,
  });

const queued = async (orgId: number) =>
  (
    await database()
      .db.select()
      .from(xapiStatements)
      .where(eq(xapiStatements.orgId, orgId))
      .orderBy(xapiStatements.id)
  ).map((r) => ({ ...r, statement: r.statement as Statement }));

beforeAll(async () => {
  lrs = await fakeLrs();
  app = await startApp();
  org = await createOrg(database());
  const user = await createUser(database(), 'ADMIN', org.id);
  admin = { headers: (await signIn(app, user)).headers, userId: user.id };
});
afterAll(async () => {
  await app?.close();
  await lrs?.close();
});

describe('the learning record store in Settings', () => {
  it('starts off, refuses to turn on without endpoint, key and secret, and never returns the secret', async () => {
    const empty = await api('GET', `/organizations/${org.id}/xapi`);
    expect(empty.json()).toMatchObject({ enabled: false, endpoint: null, hasSecret: false });
    const incomplete = await api('PUT', `/organizations/${org.id}/xapi`, {
      enabled: true,
      endpoint: lrs.endpoint,
      key: lrs.key,
      identifyByEmail: false,
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({ message: english('xapi.incomplete'), key: 'xapi.incomplete' });
    const notUrl = await connect({ endpoint: 'lrs.example.org' });
    expect(notUrl.statusCode).toBe(400);
    expect(notUrl.json().message).toBe(english('xapi.endpointInvalid'));
    const colon = await connect({ key: 'a:b' });
    expect(colon.json().message).toBe(english('xapi.keyInvalid'));

    const saved = await connect();
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      enabled: true,
      endpoint: lrs.endpoint,
      key: lrs.key,
      hasSecret: true,
    });
    expect(saved.body).not.toContain(lrs.secret);
    const [row] = await database().db.select().from(orgXapi).where(eq(orgXapi.orgId, org.id));
    expect(row!.secretEncrypted).not.toContain(lrs.secret);
    expect(lrsSecrets(JWT_SECRET).open(row!.secretEncrypted!)).toBe(lrs.secret);
    expect(row!.iriBase).toBe(PUBLIC_URL);

    // Saved again without a secret: the stored one stays.
    const kept = await connect({ secret: '' });
    expect(kept.json().hasSecret).toBe(true);
    const [after] = await database().db.select().from(orgXapi).where(eq(orgXapi.orgId, org.id));
    expect(after!.secretEncrypted).toBe(row!.secretEncrypted);
    // The stored secret goes to its own endpoint only: another needs the secret again.
    const moved = await connect({ endpoint: 'http://127.0.0.1:9/elsewhere/', secret: '' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ key: 'xapi.secretForNewEndpoint', field: 'secret' });
    const tested = await api('POST', `/organizations/${org.id}/xapi/test`, {
      endpoint: 'http://127.0.0.1:9/elsewhere/',
      key: lrs.key,
    });
    expect(tested.json().key).toBe('xapi.secretForNewEndpoint');
  });

  it('records each change in the audit log, the secret as a mark only', async () => {
    const entries = await database()
      .db.select()
      .from(auditLog)
      .where(sql`${auditLog.orgId} = ${org.id} and ${auditLog.action} like 'xapi.%'`)
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toContain('xapi.change');
    const first = entries.find((e) => e.changes && 'xapiEnabled' in (e.changes as object));
    expect(first!.changes).toMatchObject({ xapiEnabled: [false, true], lrsSecret: [null, 'hidden-new'] });
    expect(JSON.stringify(entries)).not.toContain(lrs.secret);
  });

  it("tests the connection with the form's values and reports the store's answer", async () => {
    const url = `/organizations/${org.id}/xapi/test`;
    const accepted = await api('POST', url, { endpoint: lrs.endpoint, key: lrs.key });
    expect(accepted.json()).toMatchObject({ ok: true, status: 200, key: 'xapi.testAccepted' });
    expect(accepted.json().message).toBe('The learning record store accepted the test statement (200).');
    expect(lrs.stored.has(accepted.json().statementId)).toBe(true);

    const wrong = await api('POST', url, { endpoint: lrs.endpoint, key: lrs.key, secret: 'not-it' });
    expect(wrong.json()).toMatchObject({ ok: false, status: 401, key: 'xapi.testUnauthorized' });

    lrs.refuse(500);
    const failing = await api('POST', url, { endpoint: lrs.endpoint, key: lrs.key });
    lrs.refuse(null);
    expect(failing.json()).toMatchObject({ ok: false, status: 500, key: 'xapi.testRefused' });
    expect(failing.json().message).toContain('refused on purpose by the test');

    await lrs.stop();
    const down = await api('POST', url, { endpoint: lrs.endpoint, key: lrs.key });
    await lrs.start();
    expect(down.json()).toMatchObject({ ok: false, status: null, key: 'xapi.testUnreachable' });
    expect(down.json().message).toContain('ECONNREFUSED');

    const entries = await database()
      .db.select({ action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.orgId} = ${org.id} and ${auditLog.action} = 'xapi.test'`);
    expect(entries.length).toBeGreaterThanOrEqual(4);
  });

  it('another organization cannot read or change it (404)', async () => {
    const other = await createOrg(database());
    const otherAdmin = await signIn(app, await createUser(database(), 'ADMIN', other.id));
    const res = await api('GET', `/organizations/${org.id}/xapi`, undefined, otherAdmin.headers);
    expect(res.statusCode).toBe(404);
  });
});

describe('production refuses stores that are not public https addresses', () => {
  it('plain http, loopback and private addresses get a clear 400, before any connection', async () => {
    const posts = lrs.posts.length;
    await withTestContext({ env: { SSO_ALLOW_PRIVATE_ISSUERS: 'false', PUBLIC_URL } }, async (ctx) => {
      const own = await createOrg(ctx.database);
      const { headers } = await signIn(ctx.app, await createUser(ctx.database, 'ADMIN', own.id));
      const save = (endpoint: string) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/v1/organizations/${own.id}/xapi`,
          headers,
          payload: { enabled: true, endpoint, key: 'k', secret: 's', identifyByEmail: false },
        });
      expect((await save('http://lrs.example.org/xapi/')).json().message).toBe(
        english('xapi.endpointNotHttps'),
      );
      expect((await save(lrs.endpoint)).json().message).toBe(english('xapi.endpointNotHttps'));
      for (const endpoint of [
        'https://127.0.0.1/xapi/',
        'https://10.1.2.3/xapi/',
        'https://169.254.169.254/xapi/',
      ]) {
        const res = await save(endpoint);
        expect(res.statusCode, endpoint).toBe(400);
        expect(res.json().message, endpoint).toBe(english('xapi.endpointNotPublic'));
      }
      const test = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/organizations/${own.id}/xapi/test`,
        headers,
        payload: { endpoint: 'https://[::1]/xapi/', key: 'k', secret: 's' },
      });
      expect(test.json().message).toBe(english('xapi.endpointNotPublic'));
    });
    expect(lrs.posts.length).toBe(posts);
  });
});

let quizzes = 0;

/** A quiz game of `orgId`: two players join, answer (one right, one wrong), one calls bingo. */
async function playQuiz(orgId: number) {
  const db = database();
  quizzes += 1;
  const [category] = await db.db
    .insert(categories)
    .values({ name: `Quiz ${quizzes}` })
    .returning();
  const item = await insertQuestion(db.db, category!.id, {
    title: 'Fire exit quiz',
    description: 'What do you do first?',
    question: 'What do you do first?',
    answers: FIRE_EXIT_ANSWERS,
  });
  const room = await createRoom(db, orgId, `Quiz room ${quizzes}`, `Quiz workshop ${quizzes}`);
  const quiz = { roomId: room.id, contentId: item.contentId, answers: item.answers };
  const [a, b] = [await createUser(db, 'PLAYER', orgId), await createUser(db, 'PLAYER', orgId)];
  const start = new Date(Date.now() - 60_000).toISOString();
  const right = quiz.answers[0]!.id;
  const wrong = quiz.answers[1]!.id;
  const options = quiz.answers.map((o) => ({ id: o.id, name: o.name }));
  const gameId = await writeGame(db, quiz.roomId, start, [
    [0, 'lobby_opened', {}, null],
    [1, 'player_joined', { userId: a!.id, username: 'a', card: TEST_CARD }, a!.id],
    [2, 'player_joined', { userId: b!.id, username: 'b', card: TEST_CARD }, b!.id],
    [3, 'game_started', { hideRollAnimation: false }, null],
    [
      4,
      'content_sent',
      { contentId: quiz.contentId, contentType: 'QUESTION', question: { options, correct: right } },
      null,
    ],
    [
      6,
      'question_answered',
      { contentId: quiz.contentId, userId: a!.id, username: 'a', choice: right, at: secondsAfter(start, 6) },
      a!.id,
    ],
    [
      7,
      'question_answered',
      {
        contentId: quiz.contentId,
        userId: b!.id,
        username: 'b',
        choice: wrong,
        at: secondsAfter(start, 7.5),
      },
      b!.id,
    ],
    [
      9,
      'bingo',
      { userId: a!.id, username: 'a', lines: ['row 1'], at: secondsAfter(start, 9), prize: 0 },
      a!.id,
    ],
  ]);
  return { gameId, roomId: quiz.roomId, a: a!, b: b!, right, wrong, contentId: quiz.contentId };
}

const fold = () => createProjector(database().db, { warn: () => undefined }).catchUp(60_000);

describe('statements of games', () => {
  it('the projector queues attended, answered and completed (bingo) statements valid under xAPI 1.0.3', async () => {
    const game = await playQuiz(org.id);
    // An organization without a store: its games queue nothing.
    const quiet = await createOrg(database());
    await playQuiz(quiet.id);
    await fold();
    expect(await queued(quiet.id)).toEqual([]);

    const rows = (await queued(org.id)).filter((r) => r.deliveredAt === null);
    const statements = rows.map((r) => r.statement);
    for (const statement of statements)
      expect(validateStatement(statement), JSON.stringify(statement)).toEqual([]);
    expect(statements.map((s) => s.verb.id)).toEqual([
      XAPI_VERBS.attended,
      XAPI_VERBS.attended,
      XAPI_VERBS.answered,
      XAPI_VERBS.answered,
      XAPI_VERBS.completed,
    ]);
    const [joined, , right, wrong, bingo] = statements;
    expect(joined!.actor).toEqual({
      objectType: 'Agent',
      account: { homePage: PUBLIC_URL, name: String(game.a.id) },
    });
    expect(joined!.object.id).toBe(`${PUBLIC_URL}/xapi/rooms/${game.roomId}/games/${game.gameId}`);
    expect(joined!.context).toMatchObject({
      platform: 'Playshop',
      language: 'en',
      contextActivities: { parent: [{ id: `${PUBLIC_URL}/xapi/rooms/${game.roomId}` }] },
    });
    // One registration per game, on every statement of it.
    expect(new Set(statements.map((s) => s.context?.registration)).size).toBe(1);
    expect(right!.result).toEqual({ response: String(game.right), success: true, duration: 'PT2S' });
    expect(wrong!.result).toMatchObject({ response: String(game.wrong), success: false, duration: 'PT3.5S' });
    expect(right!.object.definition).toMatchObject({
      type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
      interactionType: 'choice',
      correctResponsesPattern: [String(game.right)],
      name: { en: 'What do you do first?' },
    });
    expect(right!.object.definition?.choices).toContainEqual({
      id: String(game.right),
      description: { en: 'Leave by the nearest exit' },
    });
    expect(bingo!.result).toMatchObject({ success: true, completion: true });
    expect(bingo!.object.id).toBe(`${PUBLIC_URL}/xapi/rooms/${game.roomId}/games/${game.gameId}/bingo`);
  });

  it('the delivery sends them in one batch with the version header, each once', async () => {
    const before = lrs.posts.length;
    const sent = await app.xapiDelivery.deliverDue();
    expect(sent).toBe(5);
    expect(lrs.posts.slice(before)).toEqual([{ statements: 5, status: 200 }]);
    for (const row of await queued(org.id)) expect(lrs.stored.get(row.statementId)).toEqual(row.statement);
    expect(await app.xapiDelivery.deliverDue()).toBe(0);
    const settings = await api('GET', `/organizations/${org.id}/xapi`);
    expect(settings.json().queue).toMatchObject({ waiting: 0, lastError: null });
    expect(settings.json().queue.lastDeliveredAt).not.toBeNull();
  });

  it('by e-mail address when the organization chose so and the learner has one', async () => {
    await connect({ identifyByEmail: true, secret: '' });
    const staff = await createUser(database(), 'FACILITATOR', org.id);
    const room = await createRoom(database(), org.id, `Mail room ${staff.id}`);
    await writeGame(database(), room.id, new Date().toISOString(), [
      [0, 'player_joined', { userId: staff.id, username: 'f', card: TEST_CARD }, staff.id],
    ]);
    await fold();
    const [row] = (await queued(org.id)).filter((r) => r.deliveredAt === null);
    expect(row!.statement.actor).toEqual({ objectType: 'Agent', mbox: `mailto:${staff.email}` });
    await connect({ identifyByEmail: false, secret: '' });
    await app.xapiDelivery.deliverDue();
  });
});

describe('a player erased (issue 45) while records about them wait', () => {
  it('drops their queued and kept statements: the store never gets their address afterwards', async () => {
    await connect({ identifyByEmail: true, secret: '' });
    const player = await createUser(database(), 'PLAYER', org.id);
    const email = `zoë.ünal-${player.id}@lernwerk.koeln`;
    await database().db.update(users).set({ email }).where(eq(users.id, player.id));
    const other = await createUser(database(), 'PLAYER', org.id);
    const room = await createRoom(database(), org.id, `Erased room ${player.id}`, `Erased ${player.id}`);
    await writeGame(database(), room.id, new Date().toISOString(), [
      [0, 'player_joined', { userId: player.id, username: 'zoe', card: TEST_CARD }, player.id],
      [1, 'player_joined', { userId: other.id, username: 'other', card: TEST_CARD }, other.id],
    ]);
    await fold();
    const waiting = () => queued(org.id).then((rows) => rows.filter((r) => r.deliveredAt === null));
    const aboutPlayer = (rows: { statement: Statement }[]) =>
      rows.filter((r) => JSON.stringify(r.statement.actor).includes(email));
    expect(aboutPlayer(await waiting())).toHaveLength(1);

    const erased = await api('POST', `/erase-player/${player.id}`);
    expect(erased.statusCode).toBe(200);
    expect(aboutPlayer(await queued(org.id))).toEqual([]);
    // The other player's record is untouched and goes out; nothing of the erased one does.
    const before = lrs.stored.size;
    expect(await app.xapiDelivery.deliverDue()).toBe(1);
    expect(lrs.stored.size).toBe(before + 1);
    expect(JSON.stringify([...lrs.stored.values()])).not.toContain(email);
    await connect({ identifyByEmail: false, secret: '' });
  });
});

describe('delivery that survives', () => {
  it('a restart: queued, the server stopped before it sent them, the next one sends each once', async () => {
    await playQuiz(org.id);
    await fold();
    const waiting = (await queued(org.id)).filter((r) => r.deliveredAt === null);
    expect(waiting).toHaveLength(5);
    const before = lrs.stored.size;
    await app.close();

    app = await startApp();
    expect(await app.xapiDelivery.deliverDue()).toBe(5);
    expect(lrs.stored.size).toBe(before + 5);
    expect(await app.xapiDelivery.deliverDue()).toBe(0);
    admin.headers = (await signIn(app, await createUser(database(), 'ADMIN', org.id))).headers;
  });

  it('a store that refuses or is down: retried later and later, then sent once it is back', async () => {
    let clock = new Date(0);
    const delivery = xapiDelivery({
      db: database().db,
      secrets: lrsSecrets(JWT_SECRET),
      send: lrsFetch(true),
      now: () => clock,
      log: { warn: () => undefined },
    });
    await playQuiz(org.id);
    await fold();
    const ids = (await queued(org.id)).filter((r) => r.deliveredAt === null).map((r) => r.id);
    // Queued just now (the database's clock): due at this delivery's.
    clock = new Date(Date.now() + 1_000);

    lrs.refuse(503);
    expect(await delivery.deliverDue()).toBe(0);
    let rows = (await queued(org.id)).filter((r) => ids.includes(r.id));
    expect(rows.every((r) => r.attempts === 1 && r.nextAt.getTime() === clock.getTime() + 30_000)).toBe(true);
    expect(rows[0]!.lastError).toContain('503');
    // Not due yet: nothing is sent.
    const posts = lrs.posts.length;
    expect(await delivery.deliverDue()).toBe(0);
    expect(lrs.posts.length).toBe(posts);

    await lrs.stop();
    clock = new Date(clock.getTime() + 30_000);
    expect(await delivery.deliverDue()).toBe(0);
    rows = (await queued(org.id)).filter((r) => ids.includes(r.id));
    expect(rows.every((r) => r.attempts === 2 && r.nextAt.getTime() === clock.getTime() + 60_000)).toBe(true);
    expect(rows[0]!.lastError).toContain('ECONNREFUSED');
    const shown = await api('GET', `/organizations/${org.id}/xapi`);
    expect(shown.json().queue).toMatchObject({ waiting: 5 });
    expect(shown.json().queue.lastError).toContain('ECONNREFUSED');

    await lrs.start();
    lrs.refuse(null);
    clock = new Date(clock.getTime() + 60_000);
    expect(await delivery.deliverDue()).toBe(5);
    for (const row of await queued(org.id)) expect(lrs.stored.get(row.statementId)).toEqual(row.statement);
  });

  it('a batch the store already holds part of (409 after a lost answer) is sent one by one, none twice', async () => {
    await playQuiz(org.id);
    await fold();
    const rows = (await queued(org.id)).filter((r) => r.deliveredAt === null);
    // The store has the first one with other content: it answers the batch 409.
    lrs.stored.set(rows[0]!.statementId, { other: true });
    expect(await app.xapiDelivery.deliverDue()).toBe(5);
    expect((await queued(org.id)).every((r) => r.deliveredAt !== null)).toBe(true);
    for (const row of rows.slice(1)) expect(lrs.stored.get(row.statementId)).toEqual(row.statement);
  });

  it('two instances at once: one claims the organization, each statement is sent once', async () => {
    await playQuiz(org.id);
    await fold();
    const make = () =>
      xapiDelivery({
        db: database().db,
        secrets: lrsSecrets(JWT_SECRET),
        send: lrsFetch(true),
        log: { warn: () => undefined },
      });
    const posts = lrs.posts.length;
    const [one, two] = await Promise.all([make().deliverOrg(org.id), make().deliverOrg(org.id)]);
    expect(one + two).toBe(5);
    expect(lrs.posts.slice(posts).reduce((n, p) => n + p.statements, 0)).toBe(5);
  });
});

describe('training videos', () => {
  it('a video of the playlist played to its end queues a completed statement; another is refused', async () => {
    const superAdmin = await signIn(app, await createUser(database(), 'SUPER_ADMIN', org.id));
    const video = { title: 'Welcome', url: 'https://videos.example.org/welcome.mp4' };
    const none = { kind: 'none' };
    const put = await app.inject({
      method: 'PUT',
      url: '/api/v1/training-settings',
      headers: superAdmin.headers,
      payload: {
        SUPER_ADMIN: none,
        ADMIN: none,
        FACILITATOR: { kind: 'videos', videos: [video] },
        PLAYER: none,
      },
    });
    expect(put.statusCode).toBe(200);
    const staff = await createUser(database(), 'FACILITATOR', org.id);
    const { headers } = await signIn(app, staff);
    const done = (url: string) =>
      app.inject({ method: 'POST', url: '/api/v1/training/video-completed', headers, payload: { url } });
    const other = await done('https://videos.example.org/other.mp4');
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(english('xapi.videoNotInPlaylist'));
    expect((await done(video.url)).json()).toEqual({ queued: true });
    // Again the same day: the same statement, not queued twice.
    expect((await done(video.url)).json()).toEqual({ queued: true });
    const rows = (await queued(org.id)).filter((r) => r.statement.object.id === video.url);
    expect(rows).toHaveLength(1);
    const statement = rows[0]!.statement;
    expect(validateStatement(statement)).toEqual([]);
    expect(statement).toMatchObject({
      verb: { id: XAPI_VERBS.completed },
      actor: { account: { homePage: PUBLIC_URL, name: String(staff.id) } },
      object: {
        definition: { type: 'https://w3id.org/xapi/video/activity-type/video', name: { en: 'Welcome' } },
      },
      result: { completion: true },
    });
    expect(await app.xapiDelivery.deliverDue()).toBe(1);
    expect(lrs.stored.get(statement.id)).toEqual(statement);
  });
});
