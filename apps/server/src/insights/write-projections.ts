import { type SQL, sql } from 'drizzle-orm';
import {
  insightsChoices,
  insightsGames,
  insightsMonths,
  insightsPlayers,
  insightsSends,
  insightsWins,
} from '../db/insights-schema';
import { unnestColumns } from '../db/unnest';
import { type GameFold, playerTallies, type SendFold, unansweredOf } from './fold';

/** A game a projector batch folded events of, with its fold after them. */
export interface TouchedGame {
  gameId: number;
  orgId: number;
  roomId: number;
  workshopId: number;
  startedAt: number;
  fold: GameFold;
  /**
   * Each player's row as stored (`playerRowKey`), read off the fold the batch started from, and
   * after the batch's write its own; null for a game new to the projections (its rows are all written).
   */
  storedPlayers: Map<number, string> | null;
  /** When this projector last saved the fold (0: never, or an older one was read). */
  stateSavedAt: number;
  /** Whether this batch saves the fold (else the stored one stays, with the event it stands at). */
  saveState?: boolean;
}

/** A player's row in insights_players. */
interface PlayerRow {
  gameId: number;
  userId: number;
  joinedAt: string;
  leftEarly: boolean;
  bingos: number;
  answers: number;
  right: number;
}

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
export const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The player rows of a game's fold. */
export function playerRows(gameId: number, fold: GameFold): PlayerRow[] {
  const tallies = playerTallies(fold);
  return Object.entries(fold.players).map(([userId, p]) => {
    const t = tallies.get(Number(userId));
    return {
      gameId,
      userId: Number(userId),
      joinedAt: iso(p.joinedAt)!,
      leftEarly: fold.endedAt !== null && !p.present,
      bingos: t?.bingos ?? 0,
      answers: t?.answers ?? 0,
      right: t?.right ?? 0,
    };
  });
}

const playerRowKey = (r: PlayerRow) => `${r.joinedAt}|${r.leftEarly}|${r.bingos}|${r.answers}|${r.right}`;

/** What a game's player rows hold now, to compare with after the batch. */
export const storedPlayerRows = (gameId: number, fold: GameFold) =>
  new Map(playerRows(gameId, fold).map((r) => [r.userId, playerRowKey(r)]));

/**
 * The statements that rewrite the projections of the games a batch touched from their folds: built
 * here (in the projector's worker), run in the batch's one transaction by its store.
 */
export function writeGames(touched: TouchedGame[], foldedTo: number): SQL[] {
  return [writeGameRows(touched, foldedTo), ...writePlayers(touched), ...rewriteSendsAndWins(touched)];
}

/** The games' rows; a fold not saved this batch is sent as null and the stored one kept. */
function writeGameRows(touched: TouchedGame[], foldedTo: number): SQL {
  return sql`
    insert into ${insightsGames} (game_id, org_id, room_id, workshop_id, facilitator_id, started_at, ended_at,
      started, players, left_early, winners, state)
    select v.game_id, v.org_id, v.room_id, v.workshop_id, v.facilitator_id, v.started_at::timestamptz,
      v.ended_at::timestamptz, v.started, v.players, v.left_early, v.winners, coalesce(v.state, 'null'::jsonb)
    from ${unnestColumns(touched, [
      ['int', (g) => g.gameId],
      ['int', (g) => g.orgId],
      ['int', (g) => g.roomId],
      ['int', (g) => g.workshopId],
      ['int', (g) => g.fold.facilitatorId],
      ['text', (g) => iso(g.startedAt)],
      ['text', (g) => iso(g.fold.endedAt)],
      ['boolean', (g) => g.fold.started],
      ['int', (g) => Object.keys(g.fold.players).length],
      [
        'int',
        (g) => (g.fold.endedAt === null ? 0 : Object.values(g.fold.players).filter((p) => !p.present).length),
      ],
      ['int', (g) => new Set(g.fold.wins.map((w) => w.userId)).size],
      ['jsonb', (g) => (g.saveState === false ? null : JSON.stringify({ ...g.fold, foldedTo }))],
    ])} as v(game_id, org_id, room_id, workshop_id, facilitator_id, started_at, ended_at, started, players,
      left_early, winners, state)
    on conflict (game_id) do update set facilitator_id = excluded.facilitator_id,
      ended_at = excluded.ended_at, started = excluded.started, players = excluded.players,
      left_early = excluded.left_early, winners = excluded.winners,
      state = case when jsonb_typeof(excluded.state) = 'null' then ${insightsGames}.state else excluded.state end`;
}

/**
 * Writes the player rows that differ from what is stored: those the batch changed (most batches of
 * a live room change none, where rewriting all 10,000 rows of a big room held embedded PGlite, and
 * with it the game's journal, for 0.4–1.2 s). The rows are the same as rewriting them all. Whether a
 * player is a guest is not kept here but read with the figure: an account deleted later would leave
 * a stored flag that depends on when the game was folded (docs/decisions.md).
 */
function writePlayers(touched: TouchedGame[]): SQL[] {
  const statements: SQL[] = [];
  const fresh = touched.filter((g) => g.storedPlayers === null).map((g) => g.gameId);
  if (fresh.length > 0)
    statements.push(sql`delete from ${insightsPlayers} where game_id = any(${sql.param(fresh)}::int[])`);
  const rows: PlayerRow[] = [];
  for (const g of touched) {
    const stored = new Map<number, string>();
    for (const row of playerRows(g.gameId, g.fold)) {
      stored.set(row.userId, playerRowKey(row));
      if (g.storedPlayers?.get(row.userId) !== stored.get(row.userId)) rows.push(row);
    }
    // What the table holds once this batch commits (a failed batch's games are not kept).
    g.storedPlayers = stored;
  }
  if (rows.length === 0) return statements;
  statements.push(sql`
    insert into ${insightsPlayers} (game_id, user_id, joined_at, left_early, bingos, answers, right_answers)
    select v.g, v.u, v.j::timestamptz, v.l, v.b, v.a, v.r from ${unnestColumns(rows, [
      ['int', (p) => p.gameId],
      ['int', (p) => p.userId],
      ['text', (p) => p.joinedAt],
      ['boolean', (p) => p.leftEarly],
      ['int', (p) => p.bingos],
      ['int', (p) => p.answers],
      ['int', (p) => p.right],
    ])} as v(g, u, j, l, b, a, r)
    on conflict (game_id, user_id) do update set joined_at = excluded.joined_at,
      left_early = excluded.left_early, bingos = excluded.bingos, answers = excluded.answers,
      right_answers = excluded.right_answers`);
  return statements;
}

/**
 * The sum of a question's answer times in ms as exact decimal text: each kept to the microsecond,
 * added as whole microseconds (no float drift), for the numeric column.
 */
export function answerMsText(question: SendFold['question']): string {
  let us = 0;
  for (const [, ms] of Object.values(question?.answers ?? {})) us += Math.round(ms * 1000);
  return `${Math.floor(us / 1000)}.${String(us % 1000).padStart(3, '0')}`;
}

/** The sends, answers' choices and wins of these games, deleted and written again (a few rows each). */
function rewriteSendsAndWins(touched: TouchedGame[]): SQL[] {
  const ids = touched.map((g) => g.gameId);
  const statements = [insightsSends, insightsChoices, insightsWins].map(
    (table) => sql`delete from ${table} where game_id = any(${sql.param(ids)}::int[])`,
  );
  const sends = touched.flatMap((g) => g.fold.sends.map((s) => ({ gameId: g.gameId, ...s })));
  const choices = sends.flatMap((s) => {
    if (!s.question) return [];
    const counts = new Map(s.question.options.map((id) => [id, 0]));
    for (const [choice] of Object.values(s.question.answers))
      counts.set(choice, (counts.get(choice) ?? 0) + 1);
    const correct = s.question.correct;
    return [...counts].map(([choice, n]) => ({ ...s, choice, correct: choice === correct, n }));
  });
  const wins = touched.flatMap((g) => g.fold.wins.map((w) => ({ gameId: g.gameId, ...w })));
  if (sends.length > 0) {
    statements.push(sql`
      insert into ${insightsSends} (game_id, seq, content_id, content_type, session_id, sent_at, present,
        is_question, answers, right_answers, answer_ms, unanswered)
      select v.g, v.s, v.c, v.t, v.sess, v.at::timestamptz, v.p, v.q, v.a, v.r, v.ms::numeric, v.u
      from ${unnestColumns(sends, [
        ['int', (s) => s.gameId],
        ['int', (s) => s.seq],
        ['int', (s) => s.contentId],
        ['text', (s) => s.contentType],
        ['int', (s) => s.sessionId],
        ['text', (s) => iso(s.sentAt)],
        ['int', (s) => s.present],
        ['boolean', (s) => s.question !== null],
        ['int', (s) => (s.question ? Object.keys(s.question.answers).length : 0)],
        [
          'int',
          (s) =>
            s.question
              ? Object.values(s.question.answers).filter(([c]) => c === s.question!.correct).length
              : 0,
        ],
        ['text', (s) => answerMsText(s.question)],
        ['int', (s) => (s.question ? unansweredOf(s.question) : 0)],
      ])} as v(g, s, c, t, sess, at, p, q, a, r, ms, u)`);
  }
  if (choices.length > 0) {
    statements.push(sql`
      insert into ${insightsChoices} (game_id, seq, content_id, choice, correct, players)
      select * from ${unnestColumns(choices, [
        ['int', (c) => c.gameId],
        ['int', (c) => c.seq],
        ['int', (c) => c.contentId],
        ['int', (c) => c.choice],
        ['boolean', (c) => c.correct],
        ['int', (c) => c.n],
      ])}`);
  }
  if (wins.length > 0) {
    statements.push(sql`
      insert into ${insightsWins} (game_id, seq, round, prize, pattern, balls, user_id, first)
      select * from ${unnestColumns(wins, [
        ['int', (w) => w.gameId],
        ['int', (w) => w.seq],
        ['int', (w) => w.round],
        ['int', (w) => w.prize],
        ['text', (w) => w.pattern],
        ['int', (w) => w.balls],
        ['int', (w) => w.userId],
        ['boolean', (w) => w.first],
      ])}`);
  }
  return statements;
}

/**
 * Recounts the product rollup (insights_months) for the months of these games' starts: one month's
 * games and distinct players, each one statement of two index reads (the month's started games
 * into an array, then their players), not a join the planner may turn into nested scans (PGlite
 * keeps no statistics).
 */
export function refreshMonths(startedAt: number[]): SQL[] {
  const months = [...new Set(startedAt.map((ms) => `${new Date(ms).toISOString().slice(0, 7)}-01`))];
  return months.map(
    (month) => sql`
      insert into ${insightsMonths} (month, games, players)
      select ${month}::date, cardinality(m.ids),
        (select count(distinct user_id)::int from ${insightsPlayers} where game_id = any(m.ids))
      from (select array(select game_id from ${insightsGames}
        where started and started_at >= ${month}::timestamp at time zone 'UTC'
          and started_at < (${month}::date + interval '1 month')::timestamp at time zone 'UTC') as ids) m
      on conflict (month) do update set games = excluded.games, players = excluded.players`,
  );
}
