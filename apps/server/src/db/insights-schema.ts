import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { games } from './schema';

/**
 * Projections of the game event log for Insights (issue 33), written only by insights/projector.ts.
 * Each table is a fold of the log up to `insights_cursor.last_event_id`; every row can be rebuilt
 * by deleting them all and setting the cursor to 0. Rows go with their game (cascade).
 */

/** How far the projector has read the log: one row (id 1). */
export const insightsCursor = pgTable('insights_cursor', {
  id: integer('id').primaryKey(),
  lastEventId: bigint('last_event_id', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const gameRef = () =>
  integer('game_id')
    .notNull()
    .references(() => games.id, { onDelete: 'cascade' });

/** One game: who ran it where, when, and its counts. `state` is the fold the projector resumes from. */
export const insightsGames = pgTable(
  'insights_games',
  {
    gameId: integer('game_id')
      .primaryKey()
      .references(() => games.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    roomId: integer('room_id').notNull(),
    workshopId: integer('workshop_id').notNull(),
    /** Who opened the lobby (the game's facilitator); null when unknown. */
    facilitatorId: integer('facilitator_id'),
    /** The time of the game's first event: the game's date in every figure. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Whether the facilitator started it (a lobby closed before its start is not a game run). */
    started: boolean('started').notNull().default(false),
    players: integer('players').notNull().default(0),
    /** Players away (left or removed) when the game ended; 0 until it ends. */
    leftEarly: integer('left_early').notNull().default(0),
    winners: integer('winners').notNull().default(0),
    state: jsonb('state').notNull(),
  },
  (t) => [
    index('insights_games_org_started_idx').on(t.orgId, t.startedAt),
    // The product figures read every organization's games by month.
    index('insights_games_started_at_idx').on(t.startedAt).where(sql`${t.started}`),
  ],
);

/** One player in one game: the player's history and attendance. */
export const insightsPlayers = pgTable(
  'insights_players',
  {
    gameId: gameRef(),
    userId: integer('user_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    leftEarly: boolean('left_early').notNull().default(false),
    bingos: integer('bingos').notNull().default(0),
    answers: integer('answers').notNull().default(0),
    rightAnswers: integer('right_answers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] }), index('insights_players_user_idx').on(t.userId)],
);

/** One content item sent in a game (its `content_sent` event), with its answers if a question. */
export const insightsSends = pgTable(
  'insights_sends',
  {
    gameId: gameRef(),
    seq: integer('seq').notNull(),
    contentId: integer('content_id').notNull(),
    contentType: text('content_type').notNull(),
    sessionId: integer('session_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** Players in the room when it was sent. */
    present: integer('present').notNull(),
    isQuestion: boolean('is_question').notNull().default(false),
    answers: integer('answers').notNull().default(0),
    rightAnswers: integer('right_answers').notNull().default(0),
    /** Sum of the answers' times from the send in ms, exact to the microsecond, for the mean. */
    answerMs: numeric('answer_ms').notNull().default('0'),
    /** Players present when it was sent who did not answer it (a question). */
    unanswered: integer('unanswered').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seq] }),
    index('insights_sends_content_idx').on(t.contentId),
    // The per-question figure reads the questions of the games in scope from the index alone.
    index('insights_sends_question_idx')
      .on(t.gameId, t.contentId, t.answers, t.rightAnswers, t.answerMs)
      .where(sql`${t.isQuestion}`),
  ],
);

/** How many players' last answer to a send was each option. */
export const insightsChoices = pgTable(
  'insights_choices',
  {
    gameId: gameRef(),
    seq: integer('seq').notNull(),
    contentId: integer('content_id').notNull(),
    choice: integer('choice').notNull(),
    correct: boolean('correct').notNull(),
    players: integer('players').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seq, t.choice] }),
    // The wrong answer chosen most, from the index alone.
    index('insights_choices_wrong_idx')
      .on(t.gameId, t.contentId, t.choice, t.players)
      .where(sql`not ${t.correct}`),
  ],
);

/** One bingo: the prize's pattern, the round, and how many balls had been called. */
export const insightsWins = pgTable(
  'insights_wins',
  {
    gameId: gameRef(),
    seq: integer('seq').notNull(),
    round: integer('round').notNull(),
    prize: integer('prize').notNull(),
    pattern: text('pattern').notNull(),
    balls: integer('balls').notNull(),
    userId: integer('user_id').notNull(),
    /** The first win of this prize in this round (balls to first win). */
    first: boolean('first').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seq] }), index('insights_wins_pattern_idx').on(t.pattern)],
);

/**
 * Games run and distinct players (guests too) per calendar month (UTC) across the product: the
 * product figures' rollup, rewritten for the months of the started games each projector batch
 * touches. A month whose `games` differs from insights_games (a room deleted since) is counted from
 * the projections instead until the projector next touches it.
 */
export const insightsMonths = pgTable('insights_months', {
  /** The month's first day. */
  month: date('month').primaryKey(),
  games: integer('games').notNull(),
  players: integer('players').notNull(),
});
