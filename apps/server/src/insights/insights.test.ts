import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, gameEvents, games, organizations, rooms, users, workshops } from '../db/schema';
import { createJournal } from '../game/journal';
import {
  createOrg,
  createTestContext,
  createUser,
  createWorkshop,
  signIn,
  type TestContext,
} from '../test/context';
import { insertContent, insertQuestion } from '../test/question-room';
import { secondsAfter, TEST_CARD, type TimedEvent, writeGame as writeLog } from './test-log';

/**
 * Every Insights figure against a small log written into the real tables with chosen times, and
 * the figures worked out by hand below (see the comments at each game).
 */
let ctx: TestContext;
const CARD = TEST_CARD;
type Headers = Record<string, string>;
let orgA: { id: number; name: string };
let orgB: { id: number; name: string };
let as: { admin: Headers; f1: Headers; f2: Headers; p1: Headers; superAdmin: Headers; otherAdmin: Headers };
let ids: {
  f1: number;
  f2: number;
  p: number[];
  guest: number;
  r1: number;
  r2: number;
  q: number;
  image: number;
  video: number;
  s1: number;
  s2: number;
  a: number[];
};

const get = async (url: string, headers: Headers) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  return {
    status: res.statusCode,
    body: res.statusCode === 200 && url.includes('/export') ? res.body : res.json(),
  };
};
const RANGE = 'from=2026-03-01&to=2026-03-31';
const orgUrl = (figure: string, query = RANGE) =>
  `/insights/org/${encodeURIComponent(orgA.name)}/${figure}?${query}`;

const writeGame = (roomId: number, start: string, events: TimedEvent[]) =>
  writeLog(ctx.database, roomId, start, events);
const at = secondsAfter;

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  orgA = await createOrg(ctx.database);
  orgB = await createOrg(ctx.database);
  const [f1, f2, admin, superAdmin, otherAdmin] = await Promise.all([
    createUser(ctx.database, 'FACILITATOR', orgA.id),
    createUser(ctx.database, 'FACILITATOR', orgA.id),
    createUser(ctx.database, 'ADMIN', orgA.id),
    createUser(ctx.database, 'SUPER_ADMIN', orgA.id),
    createUser(ctx.database, 'ADMIN', orgB.id),
  ]);
  // Five registered players (p5 never comes) and a guest.
  const p: Awaited<ReturnType<typeof createUser>>[] = [];
  for (let i = 0; i < 5; i++) p.push(await createUser(ctx.database, 'PLAYER', orgA.id));
  const guest = await createUser(ctx.database, 'PLAYER', orgA.id);
  await db.update(users).set({ isGuest: true }).where(eq(users.id, guest.id));
  const outsider = await createUser(ctx.database, 'PLAYER', orgB.id);

  const [category] = await db.insert(categories).values({ name: 'Safety' }).returning();
  const { contentId: quizId, answers: options } = await insertQuestion(db, category!.id, {
    title: 'Fire quiz',
    description: 'd',
    question: 'What first?',
    answers: ['Leave', 'Take the lift', 'Finish the card'],
  });
  const [image, video] = await insertContent(db, category!.id, [
    { title: 'Poster', type: 'IMAGE' },
    { title: 'Thank you film', type: 'VIDEO' },
  ]);
  const {
    workshop,
    sessions: [s1, s2],
  } = await createWorkshop(db, 'Safety week', [
    { name: 'Fire', contentIds: [quizId, image!.id] },
    { name: 'Wrap up', contentIds: [video!.id] },
  ]);
  const [r1, r2, rb] = await db
    .insert(rooms)
    .values([
      { name: 'Hall', orgId: orgA.id, workshopId: workshop.id },
      { name: 'Annex', orgId: orgA.id, workshopId: workshop.id },
      { name: 'Elsewhere', orgId: orgB.id, workshopId: workshop.id },
    ])
    .returning();
  const a = options.map((o) => o.id);
  ids = {
    f1: f1.id,
    f2: f2.id,
    p: p.map((u) => u.id),
    guest: guest.id,
    r1: r1!.id,
    r2: r2!.id,
    q: quizId,
    image: image!.id,
    video: video!.id,
    s1: s1!.id,
    s2: s2!.id,
    a,
  };
  const [p1, p2, p3, p4] = ids.p as [number, number, number, number];
  const questionPayload = {
    contentId: quizId,
    contentType: 'QUESTION',
    question: { options: options.map((o) => ({ id: o.id, name: o.name })), correct: a[0] },
  };
  const joined = (userId: number) => ({ userId, username: `u${userId}`, card: CARD });
  const answered = (userId: number, choice: number, when: string) => ({
    contentId: quizId,
    userId,
    username: `u${userId}`,
    choice,
    at: when,
  });

  // Game 1, Hall, run by f1, week of Monday 2 March. p1, p2, p3 join; the question is sent with 3
  // present at +60 s: p1 right after 4 s, p2 changes to a wrong answer (last one counts: 10 s),
  // p3 wrong after 2 s; p3 leaves; the poster goes out with 2 present; 3 balls, p1 wins any line
  // (first win, 3 balls), p2 shares it. Ends with p3 away: 3 players, 1 left early, 2 winners.
  const g1 = '2026-03-02T10:00:00.000Z';
  await writeGame(r1!.id, g1, [
    [0, 'lobby_opened', {}, f1.id],
    [1, 'player_joined', joined(p1), p1],
    [2, 'player_joined', joined(p2), p2],
    [3, 'player_joined', joined(p3), p3],
    [10, 'game_started', { hideRollAnimation: false }, f1.id],
    [20, 'session_advanced', { sessionId: s1!.id }, f1.id],
    [60, 'content_sent', questionPayload, f1.id],
    [64, 'question_answered', answered(p1, a[0]!, at(g1, 64)), p1],
    [66, 'question_answered', answered(p2, a[1]!, at(g1, 66)), p2],
    [70, 'question_answered', answered(p2, a[2]!, at(g1, 70)), p2],
    [62, 'question_answered', answered(p3, a[2]!, at(g1, 62)), p3],
    [80, 'player_left', { userId: p3 }, p3],
    [120, 'content_sent', { contentId: image!.id, contentType: 'IMAGE' }, f1.id],
    [130, 'ball_rolled', { number: 5 }, f1.id],
    [140, 'ball_rolled', { number: 17 }, f1.id],
    [150, 'ball_rolled', { number: 33 }, f1.id],
    [155, 'bingo', { userId: p1, username: 'u1', lines: ['row'], at: at(g1, 155), prize: 0 }, p1],
    [156, 'bingo', { userId: p2, username: 'u2', lines: ['row'], at: at(g1, 156), prize: 0 }, p2],
    [600, 'game_ended', {}, f1.id],
  ]);

  // Game 2, Annex, run by f2, Tuesday 10 March (week of 9 March). p1, the guest and p4 join;
  // prizes four corners then any line; the question (no session advanced yet) with 3 present: p4
  // wrong (Take the lift) after 8 s, the guest right after 5 s. 4 balls: p4 four corners (first,
  // 4 balls); 1 more: the guest any line (first, 5 balls). New round deals p1 and the guest (p4
  // sits out); 2 balls: p1 four corners (first of round 2, 2 balls). Ends: 3 players, p4 away
  // (1 left early), 3 winners.
  const g2 = '2026-03-10T09:00:00.000Z';
  await writeGame(r2!.id, g2, [
    [0, 'lobby_opened', {}, f2.id],
    [1, 'player_joined', joined(p1), p1],
    [2, 'player_joined', joined(guest.id), guest.id],
    [3, 'player_joined', joined(p4), p4],
    [10, 'game_started', { hideRollAnimation: true }, f2.id],
    [11, 'prizes_set', { prizes: [{ kind: 'four_corners' }, { kind: 'any_line' }] }, f2.id],
    [60, 'content_sent', questionPayload, f2.id],
    [68, 'question_answered', answered(p4, a[1]!, at(g2, 68)), p4],
    [65, 'question_answered', answered(guest.id, a[0]!, at(g2, 65)), guest.id],
    [100, 'ball_rolled', { number: 1 }, f2.id],
    [101, 'ball_rolled', { number: 5 }, f2.id],
    [102, 'ball_rolled', { number: 61 }, f2.id],
    [103, 'ball_rolled', { number: 65 }, f2.id],
    [104, 'bingo', { userId: p4, username: 'u4', lines: ['corners'], at: at(g2, 104), prize: 0 }, p4],
    [110, 'ball_rolled', { number: 2 }, f2.id],
    [111, 'bingo', { userId: guest.id, username: 'g', lines: ['row'], at: at(g2, 111), prize: 1 }, guest.id],
    [200, 'new_round', { cards: { [p1]: CARD, [guest.id]: CARD } }, f2.id],
    [210, 'ball_rolled', { number: 1 }, f2.id],
    [211, 'ball_rolled', { number: 65 }, f2.id],
    [212, 'bingo', { userId: p1, username: 'u1', lines: ['corners'], at: at(g2, 212), prize: 0 }, p1],
    [900, 'game_ended', {}, f2.id],
  ]);

  // Game 3: a lobby f1 opened on 11 March that never started: not a game run.
  await writeGame(r1!.id, '2026-03-11T09:00:00.000Z', [
    [0, 'lobby_opened', {}, f1.id],
    [1, 'player_joined', joined(p2), p2],
  ]);
  // Another organization's game in March: only in the product figures.
  await writeGame(rb!.id, '2026-03-20T09:00:00.000Z', [
    [0, 'lobby_opened', {}, otherAdmin.id],
    [1, 'player_joined', joined(outsider.id), outsider.id],
    [2, 'game_started', { hideRollAnimation: false }, otherAdmin.id],
  ]);

  // Org A's licence ends in 10 days: listed among licences ending.
  const expiry = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await db.update(organizations).set({ expiry }).where(eq(organizations.id, orgA.id));

  as = {
    admin: (await signIn(ctx.app, admin)).headers,
    f1: (await signIn(ctx.app, f1)).headers,
    f2: (await signIn(ctx.app, f2)).headers,
    p1: (await signIn(ctx.app, { ...p[0]!, orgId: orgA.id })).headers,
    superAdmin: (await signIn(ctx.app, superAdmin)).headers,
    otherAdmin: (await signIn(ctx.app, otherAdmin)).headers,
  };
});
afterAll(() => ctx.close());

describe('an organization admin sees every game of the range', () => {
  it('summary: games run, players per game, attendance, players who left before the end', async () => {
    const { status, body } = await get(orgUrl('summary'), as.admin);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-31',
      games: 2,
      // Different people: p1–p4 and the guest (p1 played both games).
      players: 5,
      playersPerGame: 3,
      winnersPerGame: 2.5,
      // p1–p5 registered; p1–p4 came; one guest.
      attendance: { invited: 5, attended: 4, guests: 1 },
      leftEarly: 2,
      leftEarlyShare: 0.333,
    });
    expect(body.options.rooms.map((r: { name: string }) => r.name)).toEqual(['Annex', 'Hall']);
    expect(body.options.facilitators.map((f: { id: number }) => f.id).sort()).toEqual(
      [ids.f1, ids.f2].sort(),
    );
    expect(body.options.workshops).toEqual([{ id: expect.any(Number), name: 'Safety week' }]);
  });

  it('games: each game, newest first', async () => {
    const { body } = await get(orgUrl('games'), as.admin);
    expect(body.total).toBe(2);
    expect(body.games).toMatchObject([
      {
        room: 'Annex',
        workshop: 'Safety week',
        players: 3,
        leftEarly: 1,
        winners: 3,
        startedAt: '2026-03-10T09:00:00.000Z',
        endedAt: '2026-03-10T09:15:00.000Z',
      },
      { room: 'Hall', players: 3, leftEarly: 1, winners: 2, startedAt: '2026-03-02T10:00:00.000Z' },
    ]);
    expect(body.games[1].facilitator).toMatch(/^Sam Staff/);
  });

  it('questions: answers, share right, the wrong answer chosen most, time to answer', async () => {
    const { body } = await get(orgUrl('questions'), as.admin);
    // Game 1: a1, a3, a3 (16 s in all); game 2: a2, a1 (13 s): 5 answers, 2 right, a3 chosen by 2.
    // 3 present at each send; in game 2 p1 never answered.
    expect(body.questions).toEqual([
      {
        contentId: ids.q,
        title: 'Fire quiz',
        question: 'What first?',
        asked: 2,
        present: 6,
        answers: 5,
        unanswered: 1,
        shareRight: 0.4,
        mostChosenWrong: { answer: 'Finish the card', players: 2 },
        meanSeconds: 5.8,
      },
    ]);
  });

  it('content: times sent and players present per session and item, never-sent items at 0', async () => {
    const { body } = await get(orgUrl('content'), as.admin);
    expect(body.items).toEqual([
      {
        sessionId: ids.s1,
        session: 'Fire',
        contentId: ids.q,
        title: 'Fire quiz',
        type: 'QUESTION',
        sent: 1,
        meanPresent: 3,
      },
      {
        sessionId: ids.s1,
        session: 'Fire',
        contentId: ids.image,
        title: 'Poster',
        type: 'IMAGE',
        sent: 1,
        meanPresent: 2,
      },
      {
        sessionId: ids.s2,
        session: 'Wrap up',
        contentId: ids.video,
        title: 'Thank you film',
        type: 'VIDEO',
        sent: 0,
        meanPresent: 0,
      },
      {
        sessionId: null,
        session: null,
        contentId: ids.q,
        title: 'Fire quiz',
        type: 'QUESTION',
        sent: 1,
        meanPresent: 3,
      },
    ]);
  });

  it('bingo: balls to the first win per pattern, winners per game', async () => {
    const { body } = await get(orgUrl('bingo'), as.admin);
    expect(body).toEqual({
      patterns: [
        // Game 1 any line at 3 balls, game 2 any line at 5.
        { pattern: 'any_line', firstWins: 2, meanBalls: 4, minBalls: 3, maxBalls: 5 },
        // Game 2 four corners at 4 balls (round 1) and 2 balls (round 2).
        { pattern: 'four_corners', firstWins: 2, meanBalls: 3, minBalls: 2, maxBalls: 4 },
      ],
      winnersPerGame: [
        { winners: 2, games: 1 },
        { winners: 3, games: 1 },
      ],
    });
  });

  it('weeks: the trend by week (Mondays, UTC)', async () => {
    const { body } = await get(orgUrl('weeks'), as.admin);
    expect(body.weeks).toEqual([
      { week: '2026-03-02', games: 1, players: 3, leftEarly: 1, answers: 3, shareRight: 0.333 },
      { week: '2026-03-09', games: 1, players: 3, leftEarly: 1, answers: 2, shareRight: 0.5 },
    ]);
  });

  it('filters by room, workshop and facilitator, and by the range', async () => {
    const byRoom = await get(orgUrl('summary', `${RANGE}&roomId=${ids.r2}`), as.admin);
    expect(byRoom.body).toMatchObject({ games: 1, players: 3, attendance: { attended: 2, guests: 1 } });
    const byFacilitator = await get(orgUrl('summary', `${RANGE}&facilitatorId=${ids.f1}`), as.admin);
    expect(byFacilitator.body).toMatchObject({ games: 1, leftEarly: 1 });
    const firstWeek = await get(orgUrl('weeks', 'from=2026-03-01&to=2026-03-08'), as.admin);
    expect(firstWeek.body.weeks.map((w: { week: string }) => w.week)).toEqual(['2026-03-02']);
    const otherWorkshop = await get(orgUrl('summary', `${RANGE}&workshopId=999999`), as.admin);
    expect(otherWorkshop.body).toMatchObject({
      games: 0,
      players: 0,
      playersPerGame: null,
      leftEarlyShare: null,
    });
  });

  it('exports each figure as CSV', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1${orgUrl('export/questions')}`,
      headers: as.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body).toBe(
      'Content,Title,Question,Asked,Present,Answers,Present without answering,Share right,Most chosen wrong answer,Players who chose it,Mean seconds\r\n' +
        `${ids.q},Fire quiz,What first?,2,6,5,1,0.4,Finish the card,2,5.8\r\n`,
    );
    const weeks = await get(orgUrl('export/weeks'), as.admin);
    expect(weeks.body).toBe(
      'Week,Games,Players,Left early,Answers,Share right\r\n2026-03-02,1,3,1,3,0.333\r\n2026-03-09,1,3,1,2,0.5\r\n',
    );
    const games = await get(orgUrl('export/games'), as.admin);
    expect(games.body.split('\r\n')).toHaveLength(4);
  });

  it('refuses a bad range with a clear 400', async () => {
    const backwards = await get(orgUrl('summary', 'from=2026-03-10&to=2026-03-01'), as.admin);
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ message: 'The start date must not be after the end date' });
    const notADay = await get(orgUrl('summary', 'from=2026-02-30'), as.admin);
    expect(notADay.status).toBe(400);
    expect(notADay.body).toMatchObject({ message: 'Date must be YYYY-MM-DD' });
    const tooLong = await get(orgUrl('summary', 'from=2024-01-01&to=2026-03-01'), as.admin);
    expect(tooLong.status).toBe(400);
  });
});

describe('a facilitator sees the games they ran', () => {
  it('only their own games count, whatever the filter asks', async () => {
    const { body } = await get(orgUrl('summary'), as.f1);
    expect(body).toMatchObject({ games: 1, players: 3, leftEarly: 1 });
    expect(body.options.facilitators.map((f: { id: number }) => f.id)).toEqual([ids.f1]);
    const asked = await get(orgUrl('summary', `${RANGE}&facilitatorId=${ids.f2}`), as.f1);
    expect(asked.body).toMatchObject({ games: 0 });
    const theirs = await get(orgUrl('questions'), as.f2);
    expect(theirs.body.questions[0]).toMatchObject({
      asked: 1,
      answers: 2,
      shareRight: 0.5,
      meanSeconds: 6.5,
    });
  });

  it("another organization's admin gets 404", async () => {
    expect((await get(orgUrl('summary'), as.otherAdmin)).status).toBe(404);
  });
});

describe('the product and a player', () => {
  it('super admin: organizations by activity, licences ending, games and players per month', async () => {
    const { status, body } = await get(`/insights/product?${RANGE}`, as.superAdmin);
    expect(status).toBe(200);
    const byId = (id: number) => body.organizations.find((o: { id: number }) => o.id === id);
    // Different people, as on the months: p1–p4 and the guest.
    expect(byId(orgA.id)).toMatchObject({ games: 2, players: 5, lastGameAt: '2026-03-10T09:00:00.000Z' });
    expect(byId(orgB.id)).toMatchObject({ games: 1, players: 1 });
    expect(body.organizations[0].id).toBe(orgA.id);
    expect(body.licences.map((l: { id: number }) => l.id)).toContain(orgA.id);
    // p1–p4, the guest and the other organization's player.
    expect(body.months).toEqual([{ month: '2026-03', games: 3, players: 6 }]);
    const csv = await get(`/insights/product/export/months?${RANGE}`, as.superAdmin);
    expect(csv.body).toBe('Month,Games,Players\r\n2026-03,3,6\r\n');
  });

  it('players per month: a partial month counted from the projections, whole months from the rollup', async () => {
    // From 5 March: game 2 (p1, the guest, p4) and the other organization's game (its player).
    const partial = await get('/insights/product?from=2026-03-05&to=2026-03-31', as.superAdmin);
    expect(partial.body.months).toEqual([{ month: '2026-03', games: 2, players: 4 }]);
    // A whole month is read from insights_months, kept by the projector as it folds.
    const { db } = ctx.database;
    const kept = async () =>
      (
        (await db.execute(
          sql`select games, players from insights_months where month = '2026-03-01'`,
        )) as unknown as { rows: { games: number; players: number }[] }
      ).rows;
    expect(await kept()).toEqual([{ games: 3, players: 6 }]);
    await db.execute(sql`update insights_months set players = 60 where month = '2026-03-01'`);
    expect((await get(`/insights/product?${RANGE}`, as.superAdmin)).body.months).toEqual([
      { month: '2026-03', games: 3, players: 60 },
    ]);
    await db.execute(sql`update insights_months set players = 6 where month = '2026-03-01'`);
  });

  it('players per month: a deleted room leaves the rollup stale, counted from the projections', async () => {
    const { db } = ctx.database;
    const [room] = await db
      .insert(rooms)
      .values({ name: 'Pop-up', orgId: orgB.id, workshopId: (await db.select().from(workshops))[0]!.id })
      .returning();
    const newcomer = await createUser(ctx.database, 'PLAYER', orgB.id);
    await writeGame(room!.id, '2026-03-21T09:00:00.000Z', [
      [0, 'lobby_opened', {}, null],
      [1, 'player_joined', { userId: newcomer.id, username: 'n', card: CARD }, newcomer.id],
      [2, 'player_joined', { userId: ids.p[0]!, username: 'u1', card: CARD }, ids.p[0]!],
      [3, 'game_started', { hideRollAnimation: false }, null],
    ]);
    // One more game and one more player (p1 played in March already).
    expect((await get(`/insights/product?${RANGE}`, as.superAdmin)).body.months).toEqual([
      { month: '2026-03', games: 4, players: 7 },
    ]);
    await db.delete(rooms).where(eq(rooms.id, room!.id));
    expect((await get(`/insights/product?${RANGE}`, as.superAdmin)).body.months).toEqual([
      { month: '2026-03', games: 3, players: 6 },
    ]);
  });

  it("a player's own history: games played, bingos, right answers", async () => {
    const { status, body } = await get('/insights/me', as.p1);
    expect(status).toBe(200);
    expect(body).toMatchObject({ games: 2, bingos: 2, answers: 1, rightAnswers: 1 });
    expect(body.recent.map((g: { room: string }) => g.room)).toEqual(['Annex', 'Hall']);
  });
});

describe('the projector', () => {
  it('folds events written by the journal after the last request', async () => {
    const journal = createJournal(ctx.database.db);
    const gameId = await journal.newGame(ids.r1);
    const p5 = ids.p[4]!;
    await journal.append([
      { gameId, seq: 1, event: { type: 'lobby_opened' }, actorUserId: ids.f1 },
      {
        gameId,
        seq: 2,
        event: { type: 'player_joined', userId: p5, username: 'u5', card: CARD },
        actorUserId: p5,
      },
      { gameId, seq: 3, event: { type: 'game_started', hideRollAnimation: false }, actorUserId: ids.f1 },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const { body } = await get(orgUrl('summary', `from=${today}&to=${today}`), as.admin);
    expect(body).toMatchObject({ games: 1, players: 1, attendance: { attended: 1 } });
    await journal.append([{ gameId, seq: 4, event: { type: 'game_ended' }, actorUserId: ids.f1 }]);
    const after = await get(orgUrl('games', `from=${today}&to=${today}`), as.admin);
    expect(after.body.games[0].endedAt).not.toBeNull();
  });

  it('waits at a fresh gap in event ids (a flush not yet committed), then passes it once old', async () => {
    const { db } = ctx.database;
    const [game] = await db.insert(games).values({ roomId: ids.r2 }).returning();
    const [{ next }] = (
      (await db.execute(sql`select nextval('game_events_id_seq')::int + 5 as next`)) as unknown as {
        rows: { next: number }[];
      }
    ).rows as [{ next: number }];
    await db.insert(gameEvents).values([
      { id: next, gameId: game!.id, seq: 1, type: 'lobby_opened', payload: {}, actorUserId: ids.f2 },
      {
        id: next + 1,
        gameId: game!.id,
        seq: 2,
        type: 'game_started',
        payload: { hideRollAnimation: false },
        actorUserId: ids.f2,
      },
    ]);
    await db.execute(sql`select setval('game_events_id_seq', ${next + 1})`);
    const today = new Date().toISOString().slice(0, 10);
    const url = orgUrl('summary', `from=${today}&to=${today}&roomId=${ids.r2}`);
    expect((await get(url, as.admin)).body.games).toBe(0);
    await db
      .update(gameEvents)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(gameEvents.gameId, game!.id));
    const passed = await get(
      orgUrl(
        'summary',
        `from=${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}&to=${today}&roomId=${ids.r2}`,
      ),
      as.admin,
    );
    expect(passed.body.games).toBe(1);
  });
  it("passes an old gap wider than a batch (a deleted game's events)", async () => {
    const { db } = ctx.database;
    await db.execute(sql`select setval('game_events_id_seq', (select max(id) from game_events) + 60000)`);
    await writeGame(ids.r2, '2026-03-25T09:00:00.000Z', [
      [0, 'lobby_opened', {}, ids.f2],
      [1, 'game_started', { hideRollAnimation: false }, ids.f2],
    ]);
    const { body } = await get(orgUrl('summary', `${RANGE}&roomId=${ids.r2}`), as.admin);
    expect(body.games).toBe(2);
  });
});
