import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { gameEvents, games, rooms, users, workshops } from '../db/schema';
import { createOrg, createUser, openTestDatabase } from '../test/context';
import type { WinFold } from './fold';
import { summary } from './org-figures';
import { product } from './product';
import { createProjector } from './projector';
import { figuresSource } from './scope';
import { TEST_CARD } from './test-log';

/**
 * Issue 42, build 2: every Insights projection equals a from-scratch computation of the same figures
 * from the log. fast-check writes random game logs (players joining, leaving and rejoining, guests,
 * answers in fractional milliseconds and changed, questions never answered, session changes, new
 * rounds, rooms and users deleted, players erased) into the real tables, folds them with projectors
 * that stop between small batches and are replaced (a restart mid-fold) while the log grows, and
 * compares every table with what `expectedRows` below works out from the whole log at once. Runs on
 * PGlite and on PostgreSQL (server-pg) alike.
 */
let database: Database;
let drop: () => Promise<void>;
let orgIds: number[];
let orgNames: string[];
let workshopId: number;
let staffId: number;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const orgs = [await createOrg(database), await createOrg(database)];
  orgIds = orgs.map((o) => o.id);
  orgNames = orgs.map((o) => o.name);
  const [workshop] = await database.db.insert(workshops).values({ name: 'W' }).returning();
  workshopId = workshop!.id;
  staffId = (await createUser(database, 'FACILITATOR', orgIds[0]!)).id;
});
afterAll(async () => {
  await database.close();
  await drop();
});

const SESSIONS = [101, 102, 103];
const CONTENT = [1, 2, 3, 4];
const OPTIONS = [11, 12, 13];
const PLAYERS = 6;

/** One step of a generated game; indexes pick players, sessions, content and options. */
type Step =
  | { k: 'join'; p: number }
  | { k: 'leave'; p: number }
  | { k: 'remove'; p: number }
  | { k: 'start' }
  | { k: 'session'; s: number }
  | { k: 'send'; c: number; question: boolean; old: boolean }
  | { k: 'answer'; p: number; o: number; ms: number; stale: boolean }
  | { k: 'ball' }
  | { k: 'prizes'; n: number }
  | { k: 'bingo'; p: number; prize: number }
  | { k: 'round' }
  | { k: 'end'; old: boolean };

const player = fc.nat(PLAYERS - 1);
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ k: fc.constant('join' as const), p: player }), weight: 4 },
  { arbitrary: fc.record({ k: fc.constant('leave' as const), p: player }), weight: 2 },
  { arbitrary: fc.record({ k: fc.constant('remove' as const), p: player }), weight: 1 },
  { arbitrary: fc.constant({ k: 'start' as const }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('session' as const), s: fc.nat(SESSIONS.length - 1) }), weight: 1 },
  {
    arbitrary: fc.record({
      k: fc.constant('send' as const),
      c: fc.nat(CONTENT.length - 1),
      question: fc.boolean(),
      old: fc.boolean(),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      k: fc.constant('answer' as const),
      p: player,
      o: fc.nat(OPTIONS.length - 1),
      ms: fc.integer({ min: 0, max: 90_000 }),
      stale: fc.boolean(),
    }),
    weight: 5,
  },
  { arbitrary: fc.constant({ k: 'ball' as const }), weight: 3 },
  {
    arbitrary: fc.record({ k: fc.constant('prizes' as const), n: fc.integer({ min: 1, max: 3 }) }),
    weight: 1,
  },
  { arbitrary: fc.record({ k: fc.constant('bingo' as const), p: player, prize: fc.nat(2) }), weight: 2 },
  { arbitrary: fc.constant({ k: 'round' as const }), weight: 1 },
  { arbitrary: fc.record({ k: fc.constant('end' as const), old: fc.boolean() }), weight: 1 },
);

/** A stored event as written: its game's seq, time in whole microseconds, type, payload, actor. */
interface LoggedEvent {
  seq: number;
  us: number;
  type: string;
  payload: Record<string, unknown>;
  actor: number | null;
}

const PATTERNS = ['any_line', 'four_corners', 'two_lines'];

/**
 * The log a game's steps make, as the engine would store it: presence is never stored (a leave
 * writes nothing), sends and the end carry who is in the room unless `old` (a log from before).
 */
function logOf(steps: Step[], startUs: number, gaps: number[], userIds: number[]): LoggedEvent[] {
  const log: LoggedEvent[] = [];
  const present = new Set<number>();
  const joined = new Set<number>();
  const removed = new Set<number>();
  let us = startUs;
  let question: { contentId: number; us: number } | null = null;
  let lastQuestion: number | null = null;
  const add = (type: string, payload: Record<string, unknown>, actor: number | null) => {
    us += gaps[log.length % gaps.length]!;
    log.push({ seq: log.length + 1, us, type, payload, actor });
  };
  add('lobby_opened', {}, staffId);
  for (const s of steps) {
    const userId = 'p' in s ? userIds[s.p]! : 0;
    switch (s.k) {
      case 'join':
        if (removed.has(userId)) break;
        if (!joined.has(userId))
          add('player_joined', { userId, username: `u${userId}`, card: TEST_CARD }, userId);
        joined.add(userId);
        present.add(userId);
        break;
      case 'leave':
        present.delete(userId);
        break;
      case 'remove':
        if (!joined.has(userId) || removed.has(userId)) break;
        add('player_removed', { userId, username: `u${userId}` }, staffId);
        removed.add(userId);
        present.delete(userId);
        break;
      case 'start':
        add('game_started', { hideRollAnimation: false }, staffId);
        break;
      case 'session':
        add('session_advanced', { sessionId: SESSIONS[s.s] }, staffId);
        break;
      case 'send': {
        const contentId = CONTENT[s.c]!;
        add(
          'content_sent',
          {
            contentId,
            contentType: s.question ? 'QUESTION' : 'IMAGE',
            ...(s.question
              ? { question: { options: OPTIONS.map((id) => ({ id, name: `o${id}` })), correct: OPTIONS[0] } }
              : {}),
            ...(s.old ? {} : { sessionId: SESSIONS[contentId % SESSIONS.length], present: [...present] }),
          },
          staffId,
        );
        if (question) lastQuestion = question.contentId;
        question = s.question ? { contentId, us } : null;
        break;
      }
      case 'answer': {
        // An answer to the question on screen, or (stale) to one that is gone: not counted.
        const contentId = s.stale ? lastQuestion : question?.contentId;
        if (!joined.has(userId) || contentId == null) break;
        const sentMs = Math.floor((question?.us ?? us) / 1000);
        const at = new Date(sentMs + s.ms).toISOString();
        add(
          'question_answered',
          { contentId, userId, username: `u${userId}`, choice: OPTIONS[s.o], at },
          userId,
        );
        break;
      }
      case 'ball':
        add('ball_rolled', { number: (log.length % 75) + 1 }, staffId);
        break;
      case 'prizes':
        add('prizes_set', { prizes: PATTERNS.slice(0, s.n).map((kind) => ({ kind })) }, staffId);
        break;
      case 'bingo':
        if (!joined.has(userId)) break;
        add(
          'bingo',
          {
            userId,
            username: `u${userId}`,
            lines: ['row'],
            at: new Date(us / 1000).toISOString(),
            prize: s.prize,
          },
          userId,
        );
        break;
      case 'round':
        add('new_round', { cards: Object.fromEntries([...present].map((id) => [id, TEST_CARD])) }, staffId);
        question = null;
        break;
      case 'end':
        add('game_ended', s.old ? {} : { present: [...present] }, staffId);
        return log;
    }
  }
  return log;
}

/** `us` microseconds since 1970 as timestamptz text, to the microsecond. */
const usText = (us: number) =>
  `${new Date(Math.floor(us / 1000)).toISOString().slice(0, 23)}${String(us % 1000).padStart(3, '0')}Z`;
/** The millisecond a projection keeps of a time. */
const msIso = (us: number) => new Date(Math.floor(us / 1000)).toISOString();
/** Whole microseconds as exact decimal milliseconds, as numeric prints them (3 places). */
const msText = (us: number) => `${Math.floor(us / 1000)}.${String(us % 1000).padStart(3, '0')}`;

interface WrittenGame {
  gameId: number;
  roomId: number;
  orgId: number;
  log: LoggedEvent[];
}

/** The payload fields the computation reads (each event has its own). */
interface Payload {
  userId: number;
  sessionId?: number;
  contentId: number;
  contentType: string;
  present?: number[];
  question?: { correct: number };
  at: string;
  choice: number;
  prizes: { kind: string }[];
  prize?: number;
  cards: Record<string, unknown>;
}

/**
 * Every projection's rows for these games, worked out from each whole log at once, with no fold
 * kept between events and answer times in whole microseconds.
 */
function expectedRows(written: WrittenGame[]) {
  const out = {
    games: [] as unknown[],
    players: [] as unknown[],
    sends: [] as unknown[],
    choices: [] as unknown[],
    wins: [] as unknown[],
  };
  for (const { gameId, roomId, orgId, log } of written) {
    let facilitator: number | null = null;
    let started = false;
    let endedUs: number | null = null;
    const players = new Map<number, { joinedUs: number; present: boolean }>();
    let session: number | null = null;
    let balls = 0;
    let round = 1;
    let prizes = ['any_line'];
    let won = new Set<number>();
    type Send = {
      seq: number;
      contentId: number;
      type: string;
      session: number | null;
      us: number;
      present: number[];
      question: { correct: number; answers: Map<number, [number, number]> } | null;
    };
    const sends: Send[] = [];
    let current: Send | null = null;
    const wins: WinFold[] = [];
    const sync = (list: number[] | undefined) => {
      if (!list) return;
      for (const [id, p] of players) p.present = list.includes(id);
    };
    for (const e of log) {
      const p = e.payload as unknown as Payload;
      if (e.type === 'lobby_opened' || e.type === 'game_started') facilitator ??= e.actor;
      if (e.type === 'game_started') started = true;
      if (e.type === 'player_joined')
        players.set(p.userId, { joinedUs: players.get(p.userId)?.joinedUs ?? e.us, present: true });
      if (e.type === 'player_removed' && players.has(p.userId)) players.get(p.userId)!.present = false;
      if (e.type === 'ball_rolled') balls += 1;
      if (e.type === 'session_advanced') session = p.sessionId!;
      if (e.type === 'content_sent') {
        sync(p.present);
        const q = p.question;
        current = {
          seq: e.seq,
          contentId: p.contentId,
          type: p.contentType,
          session: p.sessionId ?? session,
          us: e.us,
          present: [...players].filter(([, x]) => x.present).map(([id]) => id),
          question: q ? { correct: q.correct, answers: new Map() } : null,
        };
        sends.push(current);
        if (!q) current = null;
      }
      if (e.type === 'question_answered' && current?.contentId === p.contentId) {
        const us = Math.max(0, Date.parse(p.at) * 1000 - current.us);
        current.question!.answers.set(p.userId, [p.choice, us]);
      }
      if (e.type === 'prizes_set') {
        prizes = p.prizes.map((x) => x.kind);
        won = new Set();
      }
      if (e.type === 'bingo') {
        const prize = p.prize ?? 0;
        wins.push({
          seq: e.seq,
          round,
          prize,
          pattern: prizes[prize] ?? 'any_line',
          balls,
          userId: p.userId,
          first: !won.has(prize),
        });
        won.add(prize);
      }
      if (e.type === 'new_round') {
        for (const [id, x] of players) if (!(String(id) in p.cards)) x.present = false;
        round += 1;
        balls = 0;
        won = new Set();
        current = null;
      }
      if (e.type === 'game_ended') {
        endedUs = e.us;
        sync(p.present);
      }
    }
    const away = (id: number) => endedUs !== null && !players.get(id)!.present;
    out.games.push({
      game_id: gameId,
      org_id: orgId,
      room_id: roomId,
      workshop_id: workshopId,
      facilitator_id: facilitator,
      started_at: msIso(log[0]!.us),
      ended_at: endedUs === null ? null : msIso(endedUs),
      started,
      players: players.size,
      left_early: [...players.keys()].filter(away).length,
      winners: new Set(wins.map((w) => w.userId)).size,
    });
    for (const [userId, x] of players) {
      const mine = sends.flatMap((s) => (s.question?.answers.has(userId) ? [s] : []));
      out.players.push({
        game_id: gameId,
        user_id: userId,
        joined_at: msIso(x.joinedUs),
        left_early: away(userId),
        bingos: wins.filter((w) => w.userId === userId).length,
        answers: mine.length,
        right_answers: mine.filter((s) => s.question!.answers.get(userId)![0] === s.question!.correct).length,
      });
    }
    for (const s of sends) {
      const answers = [...(s.question?.answers ?? new Map<number, [number, number]>())];
      out.sends.push({
        game_id: gameId,
        seq: s.seq,
        content_id: s.contentId,
        content_type: s.type,
        session_id: s.session,
        sent_at: msIso(s.us),
        present: s.present.length,
        is_question: s.question !== null,
        answers: answers.length,
        right_answers: answers.filter(([, [c]]) => c === s.question!.correct).length,
        answer_ms: msText(answers.reduce((n, [, [, us]]) => n + us, 0)),
        unanswered: s.question ? s.present.filter((id) => !s.question!.answers.has(id)).length : 0,
      });
      if (s.question) {
        for (const choice of OPTIONS) {
          out.choices.push({
            game_id: gameId,
            seq: s.seq,
            content_id: s.contentId,
            choice,
            correct: choice === s.question.correct,
            players: answers.filter(([, [c]]) => c === choice).length,
          });
        }
      }
    }
    for (const w of wins)
      out.wins.push({
        game_id: gameId,
        seq: w.seq,
        round: w.round,
        prize: w.prize,
        pattern: w.pattern,
        balls: w.balls,
        user_id: w.userId,
        first: w.first,
      });
  }
  return out;
}

const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`;
const TABLES = {
  games: `select game_id, org_id, room_id, workshop_id, facilitator_id, ${iso('started_at')}, ${iso('ended_at')},
    started, players, left_early, winners from insights_games order by game_id`,
  players: `select game_id, user_id, ${iso('joined_at')}, left_early, bingos, answers, right_answers
    from insights_players order by game_id, user_id`,
  sends: `select game_id, seq, content_id, content_type, session_id, ${iso('sent_at')}, present, is_question,
    answers, right_answers, round(answer_ms, 3)::text as answer_ms, unanswered from insights_sends order by game_id, seq`,
  choices: 'select * from insights_choices order by game_id, seq, choice',
  wins: 'select game_id, seq, round, prize, pattern, balls, user_id, first from insights_wins order by game_id, seq',
};

async function storedRows() {
  const rows: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(TABLES))
    rows[name] = ((await database.db.execute(sql.raw(query))) as unknown as { rows: unknown[] }).rows;
  return rows;
}

const sortRows = (rows: unknown[], keys: string[]) =>
  [...rows].sort((a, b) => {
    for (const k of keys) {
      const d = (a as Record<string, number>)[k]! - (b as Record<string, number>)[k]!;
      if (d !== 0) return d;
    }
    return 0;
  });

/** A run: games, how their events interleave and are cut into writes, and what happens between writes. */
const run = fc.record({
  games: fc.array(fc.record({ room: fc.nat(2), steps: fc.array(step, { maxLength: 40 }), day: fc.nat(27) }), {
    minLength: 1,
    maxLength: 4,
  }),
  // Microseconds between events: fractional milliseconds.
  gaps: fc.array(fc.integer({ min: 1, max: 9_000_000 }), { minLength: 1, maxLength: 5 }),
  order: fc.array(fc.nat(3), { maxLength: 200 }),
  writes: fc.array(
    fc.record({
      events: fc.integer({ min: 1, max: 40 }),
      fold: fc.nat(3),
      restart: fc.boolean(),
      after: fc.constantFrom('nothing', 'nothing', 'delete_user', 'erase_player', 'delete_room'),
      who: fc.nat(PLAYERS - 1),
      batchIds: fc.integer({ min: 1, max: 30 }),
    }),
    { minLength: 1, maxLength: 6 },
  ),
});

describe('Insights projections', () => {
  it('equal a from-scratch computation from the log, folded in small batches across restarts', async () => {
    const { db } = database;
    await fc.assert(
      fc.asyncProperty(run, async ({ games: planned, gaps, order, writes }) => {
        // A clean slate: the last run's rooms (their games, logs and projections go with them).
        await db.delete(rooms);
        await db.execute(sql`delete from insights_months`);
        await db.execute(sql`update insights_cursor set last_event_id = 0`);
        const roomIds: number[] = [];
        for (const [i, orgId] of [orgIds[0]!, orgIds[0]!, orgIds[1]!].entries()) {
          const [room] = await db
            .insert(rooms)
            .values({ name: `R${i}`, orgId, workshopId })
            .returning();
          roomIds.push(room!.id);
        }
        const userIds: number[] = [];
        for (let i = 0; i < PLAYERS; i++) {
          const user = await createUser(database, 'PLAYER', orgIds[i % 2]!);
          // Two guests among them.
          if (i >= PLAYERS - 2) await db.update(users).set({ isGuest: true }).where(eq(users.id, user.id));
          userIds.push(user.id);
        }
        const written: WrittenGame[] = [];
        for (const g of planned) {
          const [game] = await db.insert(games).values({ roomId: roomIds[g.room]! }).returning();
          const startUs = Date.parse(`2026-03-${String(g.day + 1).padStart(2, '0')}T09:00:00Z`) * 1000 + 123;
          written.push({
            gameId: game!.id,
            roomId: roomIds[g.room]!,
            orgId: g.room === 2 ? orgIds[1]! : orgIds[0]!,
            log: logOf(g.steps, startUs, gaps, userIds),
          });
        }
        // The games' events interleaved as the journal would write them from several rooms.
        const pending = written.map((g) => [...g.log]);
        const stream: { gameId: number; e: LoggedEvent }[] = [];
        for (let i = 0; pending.some((p) => p.length > 0); i++) {
          const live = pending.map((p, j) => [p, j] as const).filter(([p]) => p.length > 0);
          const [p, j] = live[(order[i % Math.max(1, order.length)] ?? 0) % live.length]!;
          stream.push({ gameId: written[j]!.gameId, e: p.shift()! });
        }
        const deleted = new Set<number>();
        /** Events of games still there; an actor whose account is gone is stored as none (set null). */
        const insert = async (events: typeof stream) => {
          const kept = events.filter(({ gameId }) => written.some((g) => g.gameId === gameId));
          if (kept.length === 0) return;
          await db.execute(sql`
            insert into ${gameEvents} (game_id, seq, type, payload, actor_user_id, created_at)
            values ${sql.join(
              kept.map(
                ({ gameId, e }) =>
                  sql`(${gameId}, ${e.seq}, ${e.type}, ${JSON.stringify(e.payload)}::jsonb,
                    ${e.actor !== null && deleted.has(e.actor) ? null : e.actor}, ${usText(e.us)}::timestamptz)`,
              ),
              sql`, `,
            )}`);
        };
        let projector = createProjector(db, console, { batchIds: 5 });
        let at = 0;
        for (const w of writes) {
          const chunk = stream.slice(at, at + w.events);
          at += w.events;
          await insert(chunk);
          // Stopped after a few small batches; perhaps replaced by a new instance (a restart).
          if (w.restart) projector = createProjector(db, console, { batchIds: w.batchIds });
          for (let b = 0; b < w.fold; b++) await projector.catchUp(0);
          const userId = userIds[w.who]!;
          if (w.after === 'delete_user') {
            await db.delete(users).where(eq(users.id, userId));
            deleted.add(userId);
          }
          if (w.after === 'erase_player')
            await db.execute(sql`
              update ${gameEvents} set payload = jsonb_set(payload, '{username}', '"Erased player"')
              where payload ? 'username' and payload->>'userId' = ${String(userId)}`);
          if (w.after === 'delete_room') {
            const roomId = roomIds[w.who % roomIds.length]!;
            await db.delete(rooms).where(eq(rooms.id, roomId));
            for (let i = written.length - 1; i >= 0; i--)
              if (written[i]!.roomId === roomId) written.splice(i, 1);
          }
        }
        // The rest of the log, then a new instance folds to the end.
        await insert(stream.slice(at));
        const last = createProjector(db, console);
        while (!(await last.catchUp(60_000)));

        const expected = expectedRows(written);
        const stored = await storedRows();
        expect(stored.games).toEqual(sortRows(expected.games, ['game_id']));
        expect(stored.players).toEqual(sortRows(expected.players, ['game_id', 'user_id']));
        expect(stored.sends).toEqual(sortRows(expected.sends, ['game_id', 'seq']));
        expect(stored.choices).toEqual(sortRows(expected.choices, ['game_id', 'seq', 'choice']));
        expect(stored.wins).toEqual(sortRows(expected.wins, ['game_id', 'seq']));

        // The product's months: games run and different players, whatever rooms went since.
        const months = new Map<string, { games: number; players: Set<number> }>();
        for (const g of written) {
          if (!g.log.some((e) => e.type === 'game_started')) continue;
          const month = msIso(g.log[0]!.us).slice(0, 7);
          const m = months.get(month) ?? { games: 0, players: new Set<number>() };
          m.games += 1;
          for (const e of g.log) if (e.type === 'player_joined') m.players.add(e.payload.userId as number);
          months.set(month, m);
        }
        const figures = figuresSource(db, last, () => new Date('2026-04-15T00:00:00Z'));
        const { months: got } = await product(figures, { from: '2026-03-01', to: '2026-03-31' });
        expect(got).toEqual(
          [...months].map(([month, m]) => ({ month, games: m.games, players: m.players.size })),
        );

        // Attendance reads the accounts as they are now: a deleted one counts with the guests.
        const superAdmin = {
          userId: staffId,
          role: 'SUPER_ADMIN' as const,
          orgId: 0,
          orgName: '',
          username: 's',
        };
        for (const [i, orgId] of orgIds.entries()) {
          const came = new Set<number>();
          for (const g of written)
            if (g.orgId === orgId && g.log.some((e) => e.type === 'game_started'))
              for (const e of g.log) if (e.type === 'player_joined') came.add(e.payload.userId as number);
          const registered = [...came].filter((id) => !deleted.has(id) && userIds.indexOf(id) < PLAYERS - 2);
          const scoped = await figures.scopedGames(superAdmin, orgNames[i]!, {
            from: '2026-03-01',
            to: '2026-03-31',
          });
          expect((await summary(figures, scoped)).attendance).toMatchObject({
            attended: registered.length,
            guests: came.size - registered.length,
          });
        }
      }),
      { numRuns: 10 },
    );
  });
});
