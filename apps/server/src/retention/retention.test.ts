/**
 * Retention per organization (issue 45 item 3): who may set it, what a run removes (games' logs,
 * answers, audit entries) and what it keeps (Insights' figures, other organizations' data, recent
 * games), the daily run once a day, each run in the audit log. Runs on PGlite and PostgreSQL.
 */
import { RETENTION_RUN_HOUR_UTC, type RetentionRun, type RetentionStatus } from '@playshop/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditService } from '../audit/service';
import { auditLog, categories, gameEvents, games, orgRetention, users } from '../db/schema';
import { secondsAfter, TEST_CARD, type TimedEvent, writeGame } from '../insights/test-log';
import {
  createOrg,
  createRoom,
  createTestContext,
  createUser,
  signIn,
  type TestContext,
} from '../test/context';
import { insertQuestion } from '../test/question-room';
import { DAILY_RUN_ACTOR, dailyRunRecorder } from './routes';
import { dailyRunBefore, monthsBefore, retentionService } from './service';

const QUIET = { info() {}, warn() {}, error() {}, debug() {} } as never;

type Headers = Record<string, string>;
let ctx: TestContext;
let orgA: { id: number; name: string };
let orgB: { id: number; name: string };
let as: { admin: Headers; facilitator: Headers; superAdmin: Headers; otherAdmin: Headers };
let room: { id: number };
let roomB: { id: number };
/** Org A's games: ended ~21 months, ~5 months and 2 days ago; org B's ~21 months ago. */
let g: { old: number; middle: number; recent: number; other: number };

const DAY = 86_400_000;
const call = async (method: 'GET' | 'PUT' | 'POST', url: string, headers: Headers, payload?: unknown) => {
  const res = await ctx.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as never });
  return { status: res.statusCode, body: res.body, json: () => res.json() };
};
const retentionUrl = (orgId: number) => `/organizations/${orgId}/retention`;

/** A played game of `roomId`: three players (accented and right-to-left names), a question, a bingo, ended. */
async function playedGame(
  roomId: number,
  start: Date,
  people: { staff: number; players: number[] },
  q: Question,
) {
  const t0 = start.toISOString();
  const [p1, p2, p3] = people.players as [number, number, number];
  const joined = (userId: number) => ({ userId, username: `u${userId}`, card: TEST_CARD });
  const answered = (userId: number, choice: number, s: number) => ({
    contentId: q.contentId,
    userId,
    username: `u${userId}`,
    choice,
    at: secondsAfter(t0, s),
  });
  // Fractional seconds throughout: answers 2.375 s and 4.125 s after the send.
  const events: TimedEvent[] = [
    [0, 'lobby_opened', {}, people.staff],
    [0.5, 'player_joined', joined(p1), p1],
    [0.75, 'player_joined', joined(p2), p2],
    [1.125, 'player_joined', joined(p3), p3],
    [10.25, 'game_started', { hideRollAnimation: false }, people.staff],
    [60.5, 'content_sent', q.payload, people.staff],
    [62.875, 'question_answered', answered(p1, q.right, 62.875), p1],
    [64.625, 'question_answered', answered(p2, q.wrong, 64.625), p2],
    [70.0625, 'question_answered', answered(p3, q.right, 70.0625), p3],
    [90.5, 'ball_rolled', { number: 5 }, people.staff],
    [91.25, 'ball_rolled', { number: 17 }, people.staff],
    [
      95.125,
      'bingo',
      { userId: p1, username: `u${p1}`, lines: ['row'], at: secondsAfter(t0, 95.125), prize: 0 },
      p1,
    ],
    [600.5, 'game_ended', {}, people.staff],
  ];
  const id = await writeGame(ctx.database, roomId, t0, events);
  await ctx.database.db
    .update(games)
    .set({ endedAt: new Date(start.getTime() + 600_500), lastSeq: events.length })
    .where(eq(games.id, id));
  return id;
}

interface Question {
  contentId: number;
  right: number;
  wrong: number;
  payload: Record<string, unknown>;
}

const eventsOf = async (gameId: number, type?: string) =>
  (
    await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(gameEvents)
      .where(
        type
          ? sql`${gameEvents.gameId} = ${gameId} and ${gameEvents.type} = ${type}`
          : eq(gameEvents.gameId, gameId),
      )
  )[0]!.n;

beforeAll(async () => {
  ctx = await createTestContext({ env: { AUDIT_RETENTION_DAYS: '400' } });
  const { db } = ctx.database;
  orgA = await createOrg(ctx.database, { name: `Café Ünïon شركة ${Date.now()}` });
  orgB = await createOrg(ctx.database, { name: `Société Zoë ${Date.now()}` });
  const [admin, facilitator, superAdmin, otherAdmin] = await Promise.all([
    createUser(ctx.database, 'ADMIN', orgA.id),
    createUser(ctx.database, 'FACILITATOR', orgA.id),
    createUser(ctx.database, 'SUPER_ADMIN', orgA.id),
    createUser(ctx.database, 'ADMIN', orgB.id),
  ]);
  const players = [];
  for (const [first, last] of [
    ['مريم', 'الحسيني'],
    ['Zoë', 'Ångström'],
    ['יונתן', 'כהן'],
  ]) {
    const p = await createUser(ctx.database, 'PLAYER', orgA.id);
    await db.update(users).set({ firstName: first, lastName: last }).where(eq(users.id, p.id));
    players.push(p.id);
  }
  const outsiders = [];
  for (let i = 0; i < 3; i++) outsiders.push((await createUser(ctx.database, 'PLAYER', orgB.id)).id);
  room = await createRoom(ctx.database, orgA.id, 'Salle Hélène قاعة', 'Atelier été');
  roomB = await createRoom(ctx.database, orgB.id, 'Raum Jürgen', 'Werkstatt');
  const [category] = await db
    .insert(categories)
    .values({ name: `Sécurité ${Date.now()}` })
    .returning();
  const { contentId, answers } = await insertQuestion(db, category!.id, {
    title: 'Évacuation',
    description: 'd',
    question: 'ما هو المخرج؟',
    answers: ['Sortie', 'Ascenseur'],
  });
  const q: Question = {
    contentId,
    right: answers[0]!.id,
    wrong: answers[1]!.id,
    payload: {
      contentId,
      contentType: 'QUESTION',
      question: { options: answers.map((a) => ({ id: a.id, name: a.name })), correct: answers[0]!.id },
    },
  };
  const now = Date.now();
  const staffA = { staff: facilitator.id, players };
  g = {
    old: await playedGame(room.id, new Date(now - 640 * DAY + 0.25), staffA, q),
    middle: await playedGame(room.id, new Date(now - 150 * DAY), staffA, q),
    recent: await playedGame(room.id, new Date(now - 2 * DAY), staffA, q),
    other: await playedGame(
      roomB.id,
      new Date(now - 640 * DAY),
      { staff: otherAdmin.id, players: outsiders },
      q,
    ),
  };
  as = {
    admin: (await signIn(ctx.app, admin)).headers,
    facilitator: (await signIn(ctx.app, facilitator)).headers,
    superAdmin: (await signIn(ctx.app, superAdmin)).headers,
    otherAdmin: (await signIn(ctx.app, otherAdmin)).headers,
  };
});
afterAll(() => ctx?.close());

describe('the cut-off dates', () => {
  it('months back from the day, the month’s last day when shorter; the daily run at 03:00 UTC', () => {
    expect(monthsBefore(new Date('2026-08-31T17:45:30.5Z'), 6).toISOString()).toBe(
      '2026-02-28T00:00:00.000Z',
    );
    expect(monthsBefore(new Date('2026-12-05T10:00:00Z'), 12).toISOString()).toBe('2025-12-05T00:00:00.000Z');
    expect(monthsBefore(new Date('2026-02-15T00:00:00Z'), 24).toISOString()).toBe('2024-02-15T00:00:00.000Z');
    expect(RETENTION_RUN_HOUR_UTC).toBe(3);
    expect(dailyRunBefore(new Date('2026-12-05T02:59:59.999Z')).toISOString()).toBe(
      '2026-12-04T03:00:00.000Z',
    );
    expect(dailyRunBefore(new Date('2026-12-05T03:00:00.000Z')).toISOString()).toBe(
      '2026-12-05T03:00:00.000Z',
    );
  });
});

describe('who may set it', () => {
  it('forever by default: nothing would go', async () => {
    const res = await call('GET', retentionUrl(orgA.id), as.admin);
    expect(res.status).toBe(200);
    const status = res.json() as RetentionStatus;
    expect(status.settings).toEqual({ games: null, answers: null, audit: null });
    expect(status.auditCeilingDays).toBe(400);
    expect(status.pending.games).toEqual({ before: null, count: 0 });
    expect(status.pending.answers).toEqual({ before: null, count: 0 });
    expect(new Date(status.nextRunAt).getUTCHours()).toBe(3);
    expect(Date.parse(status.nextRunAt)).toBeGreaterThan(Date.now());
  });

  it('a facilitator may not (403), another organization’s admin finds nothing (404), a bad value is a 400', async () => {
    const body = { games: 12, answers: 6, audit: 12 };
    expect((await call('PUT', retentionUrl(orgA.id), as.facilitator, body)).status).toBe(403);
    expect((await call('POST', `${retentionUrl(orgA.id)}/run`, as.facilitator)).status).toBe(403);
    expect((await call('PUT', retentionUrl(orgA.id), as.otherAdmin, body)).status).toBe(404);
    expect((await call('GET', retentionUrl(orgA.id), as.otherAdmin)).status).toBe(404);
    expect((await call('POST', `${retentionUrl(orgA.id)}/run`, as.otherAdmin)).status).toBe(404);
    for (const bad of [
      { ...body, games: 5 },
      { ...body, audit: '12' },
      { games: 12 },
      { ...body, answers: -3 },
    ])
      expect((await call('PUT', retentionUrl(orgA.id), as.admin, bad)).status).toBe(400);
    const [row] = await ctx.database.db.select().from(orgRetention).where(eq(orgRetention.orgId, orgA.id));
    expect(row).toBeUndefined();
  });

  it('the super admin may set another organization’s; each change is audited before → after', async () => {
    const res = await call('PUT', retentionUrl(orgB.id), as.superAdmin, {
      games: 24,
      answers: null,
      audit: null,
    });
    expect(res.status).toBe(200);
    expect((res.json() as RetentionStatus).settings.games).toBe(24);
    const back = await call('PUT', retentionUrl(orgB.id), as.superAdmin, {
      games: null,
      answers: null,
      audit: null,
    });
    expect(back.status).toBe(200);
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'retention.change' and ${auditLog.orgId} = ${orgB.id}`)
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.changes)).toEqual([
      { gamesMonths: ['forever', 24] },
      { gamesMonths: [24, 'forever'] },
    ]);
    expect(entries[0]!.targetLabel).toBe(orgB.name);
  });
});

describe('a run', () => {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  /** Insights allows 400 days at a time: the old game's window and the last 300 days. */
  const windows = () => {
    const now = Date.now();
    return {
      old: `from=${day(now - 700 * DAY)}&to=${day(now - 301 * DAY)}`,
      recent: `from=${day(now - 300 * DAY)}&to=${day(now + DAY)}`,
    };
  };
  const read = async (url: string, headers: Headers) => {
    const res = await call('GET', url, headers);
    expect(res.status, res.body).toBe(200);
    return res.json();
  };
  const figuresOf = async (range: string) => {
    const org = encodeURIComponent(orgA.name);
    const [summary, questions, content, bingo, weeks, product, gamesTab] = await Promise.all([
      read(`/insights/org/${org}/summary?${range}`, as.admin),
      read(`/insights/org/${org}/questions?${range}`, as.admin),
      read(`/insights/org/${org}/content?${range}`, as.admin),
      read(`/insights/org/${org}/bingo?${range}`, as.admin),
      read(`/insights/org/${org}/weeks?${range}`, as.admin),
      read(`/insights/product?${range}`, as.superAdmin),
      read(`/insights/org/${org}/games?${range}`, as.admin),
    ]);
    return { aggregates: { summary, questions, content, bingo, weeks, product }, gamesTab };
  };
  const figures = async () => {
    const w = windows();
    return { old: await figuresOf(w.old), recent: await figuresOf(w.recent) };
  };
  const roomLog = async () => {
    const res = await call('GET', `/get-room-report/${room.id}?format=log`, as.admin);
    expect(res.status).toBe(200);
    return res.body;
  };
  const oldAudit = new Date(Date.now() - 500 * DAY);

  it('says what would go: games ended before the cut-off and answers, with the dates', async () => {
    await ctx.database.db.insert(auditLog).values([
      { at: oldAudit, orgId: orgA.id, actorLabel: 'مريم', action: 'user.edit' },
      { at: new Date(Date.now() - 200 * DAY), orgId: orgA.id, actorLabel: 'Zoë', action: 'user.edit' },
      { at: oldAudit, orgId: orgB.id, actorLabel: 'Jürgen', action: 'user.edit' },
    ]);
    const res = await call('PUT', retentionUrl(orgA.id), as.admin, { games: 12, answers: 3, audit: 6 });
    expect(res.status, res.body).toBe(200);
    const status = res.json() as RetentionStatus;
    expect(status.settings).toEqual({ games: 12, answers: 3, audit: 6 });
    const next = new Date(status.nextRunAt);
    expect(status.pending.games).toEqual({ before: monthsBefore(next, 12).toISOString(), count: 1 });
    // The old game's three answers and the middle one's (ended about five months ago).
    expect(status.pending.answers).toEqual({ before: monthsBefore(next, 3).toISOString(), count: 6 });
    expect(status.pending.audit).toEqual({ before: monthsBefore(next, 6).toISOString(), count: 2 });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'retention.change' and ${auditLog.orgId} = ${orgA.id}`);
    expect(entry!.changes).toEqual({
      gamesMonths: ['forever', 12],
      answersMonths: ['forever', 3],
      auditMonths: ['forever', 6],
    });
  });

  it('apply now: the old game’s log and old answers go, Insights’ aggregate figures stay the same', async () => {
    const before = await figures();
    expect(before.old.aggregates.summary.games).toBe(1);
    expect(before.old.aggregates.questions.questions[0].answers).toBe(3);
    expect(before.recent.aggregates.summary.games).toBe(2);
    expect(before.recent.aggregates.questions.questions[0].answers).toBe(6);
    const logBefore = await roomLog();
    expect(logBefore).toContain(`${g.old},`);

    const res = await call('POST', `${retentionUrl(orgA.id)}/run`, as.admin);
    expect(res.status, res.body).toBe(200);
    const run = res.json() as RetentionRun;
    expect(run.games.count).toBe(1);
    expect(run.answers.count).toBe(6);
    expect(run.audit.count).toBe(2);

    // The per-game detail is gone: the old game's whole log, the middle one's answers.
    expect(await eventsOf(g.old)).toBe(0);
    expect(await eventsOf(g.middle, 'question_answered')).toBe(0);
    expect(await eventsOf(g.middle, 'ball_rolled')).toBe(2);
    expect(await eventsOf(g.recent, 'question_answered')).toBe(3);
    // Another organization's game of the same age is not touched.
    expect(await eventsOf(g.other)).toBe(13);
    const logAfter = await roomLog();
    expect(logAfter.split('\n').some((line) => line.startsWith(`${g.old},`))).toBe(false);
    expect(logAfter).toContain(`${g.recent},`);

    const after = await figures();
    expect(after.old.aggregates).toEqual(before.old.aggregates);
    expect(after.recent.aggregates).toEqual(before.recent.aggregates);
    expect(after.old.gamesTab.total).toBe(1);

    // Audit: the organization's two old entries, not org B's.
    const left = await ctx.database.db
      .select({ org: auditLog.orgId, label: auditLog.actorLabel })
      .from(auditLog)
      .where(inArray(auditLog.actorLabel, ['مريم', 'Zoë', 'Jürgen']));
    expect(left).toEqual([{ org: orgB.id, label: 'Jürgen' }]);
  });

  it('each run is audited with what it removed and the cut-offs', async () => {
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'retention.run' and ${auditLog.orgId} = ${orgA.id}`);
    expect(entry!.targetLabel).toBe(orgA.name);
    expect(entry!.changes).toMatchObject({
      gamesRemoved: [0, 1],
      answersRemoved: [0, 6],
      auditRemoved: [0, 2],
      gamesBefore: [null, expect.stringMatching(/T00:00:00\.000Z$/)],
    });
    // A second run finds nothing more.
    const again = (await call('POST', `${retentionUrl(orgA.id)}/run`, as.admin)).json() as RetentionRun;
    expect([again.games.count, again.answers.count, again.audit.count]).toEqual([0, 0, 0]);
  });

  it('the operator’s AUDIT_RETENTION_DAYS caps what an organization keeps, and is the rule when it keeps for ever', async () => {
    await call('PUT', retentionUrl(orgB.id), as.otherAdmin, { games: null, answers: null, audit: 24 });
    const status = (await call('GET', retentionUrl(orgB.id), as.otherAdmin)).json() as RetentionStatus;
    const ceiling = new Date(Date.parse(status.nextRunAt) - 400 * DAY).toISOString();
    // 24 months is longer than 400 days: the ceiling's date applies.
    expect(status.pending.audit).toEqual({ before: ceiling, count: 1 });
    expect(status.pending.games).toEqual({ before: null, count: 0 });
  });
});

describe('the daily run', () => {
  it('runs each organization once after 03:00 UTC, recorded in its audit log as the daily run', async () => {
    const { db } = ctx.database;
    // Org B keeps its games 3 months now; its marker says it last ran a day ago.
    await db
      .update(orgRetention)
      .set({ gamesMonths: 3, dailyRunAt: new Date(Date.now() - DAY) })
      .where(eq(orgRetention.orgId, orgB.id));
    // A clock a quarter of a second after the next 03:00 UTC.
    const clock = new Date(dailyRunBefore(new Date()).getTime() + DAY + 250);
    const daily = retentionService(db, { auditCeilingDays: 400, log: QUIET }, () => clock);
    const record = dailyRunRecorder(auditService(db, () => clock));
    // Two timers at once (two instances): each day is claimed by one of them.
    await Promise.all([daily.runDue(record), daily.runDue(record)]);
    const runs = async () =>
      db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.action} = 'retention.run' and ${auditLog.actorLabel} = ${DAILY_RUN_ACTOR}`);
    expect((await runs()).map((e) => e.orgId).sort()).toEqual([orgA.id, orgB.id].sort());
    const ofB = (await runs()).find((e) => e.orgId === orgB.id)!;
    expect(ofB.changes).toMatchObject({
      gamesRemoved: [0, 1],
      gamesBefore: [null, monthsBefore(clock, 3).toISOString()],
    });
    expect(ofB.targetLabel).toBe(orgB.name);
    expect(await eventsOf(g.other)).toBe(0);
    // The same day again: nothing is due.
    await daily.runDue(record);
    expect(await runs()).toHaveLength(2);
    await daily.settled();
  });
});
