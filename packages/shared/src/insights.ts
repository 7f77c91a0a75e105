import { z } from 'zod/mini';
import { endpoints, GET } from './endpoint';
import { zIdParam, zLine } from './input';
import { PLAYER_HISTORY_API } from './player-history';
import { ZOrgNameParam } from './schemas';
import { key } from './server-messages';

/**
 * Insights (issue 33): what worked across every game an organization has run, from projections of
 * the game event log. An organization's admins see all its games, its facilitators the games they
 * ran; the super admin any organization's, and the product's figures.
 */

/** Days shown when no range is given: the last 12 weeks up to today. */
export const INSIGHTS_DEFAULT_DAYS = 84;
export const INSIGHTS_MAX_DAYS = 400;
/** Licences ending within this many days are listed on the product figures. */
export const INSIGHTS_LICENCE_DAYS = 90;
/** Rows of the games table in a reply; the CSV has them all. */
export const INSIGHTS_GAME_ROWS = 500;

const ZDay = zLine().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, key('insights.badDate')),
  z.refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
      new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    key('insights.badDate'),
  ),
);

/** A date range, both ends inclusive (UTC days). */
export const ZInsightsRange = z.object({ from: z.optional(ZDay), to: z.optional(ZDay) });
export type InsightsRange = z.infer<typeof ZInsightsRange>;

/** The filters of every organization figure. */
export const ZInsightsFilter = z.extend(ZInsightsRange, {
  workshopId: z.optional(zIdParam()),
  roomId: z.optional(zIdParam()),
  /** The facilitator who ran the games (a facilitator sees only their own anyway). */
  facilitatorId: z.optional(zIdParam()),
});
export type InsightsFilter = z.infer<typeof ZInsightsFilter>;

const ZOption = z.object({ id: z.number().check(z.int()), name: z.string() });
const int = () => z.number().check(z.int());
/** A share from 0 to 1; null when there is nothing to share (no answers). */
const share = () => z.nullable(z.number().check(z.gte(0), z.lte(1)));

export const ZInsightsSummary = z.object({
  from: z.string(),
  to: z.string(),
  games: int(),
  /** Different people who joined these games, guests too ("Players" means this on every figure). */
  players: int(),
  playersPerGame: z.nullable(z.number()),
  winnersPerGame: z.nullable(z.number()),
  attendance: z.object({
    /** The organization's registered players (created or imported, not guests). */
    invited: int(),
    /** Registered players who joined at least one of these games. */
    attended: int(),
    /** Guests (joined with a nickname through the room's code), or accounts deleted since, in these games. */
    guests: int(),
  }),
  /** Players away (left or removed) when their game ended. */
  leftEarly: int(),
  leftEarlyShare: share(),
  /** What the filters can pick, among the games the caller may see. */
  options: z.object({ workshops: z.array(ZOption), rooms: z.array(ZOption), facilitators: z.array(ZOption) }),
});
export type InsightsSummary = z.infer<typeof ZInsightsSummary>;

export const ZInsightsGame = z.object({
  gameId: int(),
  startedAt: z.string(),
  endedAt: z.nullable(z.string()),
  room: z.string(),
  workshop: z.string(),
  facilitator: z.nullable(z.string()),
  players: int(),
  leftEarly: int(),
  winners: int(),
});
export const ZInsightsGames = z.object({ total: int(), games: z.array(ZInsightsGame) });
export type InsightsGames = z.infer<typeof ZInsightsGames>;

export const ZInsightsQuestion = z.object({
  contentId: int(),
  title: z.string(),
  question: z.string(),
  /** Times the question was sent. */
  asked: int(),
  /** Players in the room when it was sent, added over the times it was sent. */
  present: int(),
  answers: int(),
  /** Of those present when it was sent, how many never answered it. */
  unanswered: int(),
  shareRight: share(),
  /** The wrong option chosen most (last answers), with how many chose it. */
  mostChosenWrong: z.nullable(z.object({ answer: z.string(), players: int() })),
  /** Mean seconds from the question being sent to a player's last answer. */
  meanSeconds: z.nullable(z.number()),
});
export const ZInsightsQuestions = z.object({ questions: z.array(ZInsightsQuestion) });
export type InsightsQuestions = z.infer<typeof ZInsightsQuestions>;

export const ZInsightsContentRow = z.object({
  sessionId: z.nullable(z.number().check(z.int())),
  session: z.nullable(z.string()),
  contentId: int(),
  title: z.string(),
  type: z.string(),
  sent: int(),
  /** Mean players in the room when it was sent. */
  meanPresent: z.number(),
});
export const ZInsightsContent = z.object({ items: z.array(ZInsightsContentRow) });
export type InsightsContent = z.infer<typeof ZInsightsContent>;

export const ZInsightsBingo = z.object({
  patterns: z.array(
    z.object({
      pattern: z.string(),
      /** Rounds where this pattern's prize was won. */
      firstWins: int(),
      meanBalls: z.number(),
      minBalls: int(),
      maxBalls: int(),
    }),
  ),
  /** How many games had each number of winners. */
  winnersPerGame: z.array(z.object({ winners: int(), games: int() })),
});
export type InsightsBingo = z.infer<typeof ZInsightsBingo>;

export const ZInsightsWeek = z.object({
  /** The Monday (UTC) starting the week. */
  week: z.string(),
  games: int(),
  /** Different people who played that week. */
  players: int(),
  leftEarly: int(),
  answers: int(),
  shareRight: share(),
});
export const ZInsightsWeeks = z.object({ weeks: z.array(ZInsightsWeek) });
export type InsightsWeeks = z.infer<typeof ZInsightsWeeks>;

export const ZInsightsProduct = z.object({
  organizations: z.array(
    z.object({
      id: int(),
      name: z.string(),
      games: int(),
      /** Different people who played its games in the range. */
      players: int(),
      lastGameAt: z.nullable(z.string()),
    }),
  ),
  licences: z.array(z.object({ id: int(), name: z.string(), expiry: z.string() })),
  /** Games and different people who played, per calendar month (UTC). */
  months: z.array(z.object({ month: z.string(), games: int(), players: int() })),
});
export type InsightsProduct = z.infer<typeof ZInsightsProduct>;

/** Each organization figure, exportable as CSV. */
export const INSIGHTS_FIGURES = ['summary', 'games', 'questions', 'content', 'bingo', 'weeks'] as const;
export type InsightsFigure = (typeof INSIGHTS_FIGURES)[number];
export const PRODUCT_FIGURES = ['organizations', 'licences', 'months'] as const;
export type ProductFigure = (typeof PRODUCT_FIGURES)[number];

const tags = ['insights'];
const orgFigure = <R extends z.core.$ZodType>(figure: InsightsFigure, reply: R, summary: string) =>
  GET(
    {
      path: `/insights/org/:org/${figure}`,
      params: ZOrgNameParam,
      query: ZInsightsFilter,
      reply,
      access: 'readRoomActivity',
      tags,
    },
    summary,
  );

export const INSIGHTS_API = endpoints(['insights'], {
  summary: orgFigure(
    'summary',
    ZInsightsSummary,
    'Games run, players per game, attendance, players who left',
  ),
  games: orgFigure('games', ZInsightsGames, 'Each game: room, facilitator, players, left early, winners'),
  questions: orgFigure(
    'questions',
    ZInsightsQuestions,
    'Per question: answers, share right, wrong answer, time',
  ),
  content: orgFigure(
    'content',
    ZInsightsContent,
    'Per session and content item: times sent, players present',
  ),
  bingo: orgFigure('bingo', ZInsightsBingo, 'Balls to the first win per pattern, winners per game'),
  weeks: orgFigure('weeks', ZInsightsWeeks, 'Games, players, left early and answers by week'),
  export: GET(
    {
      path: '/insights/org/:org/export/:figure',
      params: z.extend(ZOrgNameParam, { figure: z.enum(INSIGHTS_FIGURES) }),
      query: ZInsightsFilter,
      reply: z.string(),
      access: 'readRoomActivity',
    },
    'One figure as CSV',
  ),
  product: GET(
    {
      path: '/insights/product',
      query: ZInsightsRange,
      reply: ZInsightsProduct,
      access: 'readOverviewDashboard',
    },
    'Organizations by activity, licences ending, games and players per month',
  ),
  productExport: GET(
    {
      path: '/insights/product/export/:figure',
      params: z.object({ figure: z.enum(PRODUCT_FIGURES) }),
      query: ZInsightsRange,
      reply: z.string(),
      access: 'readOverviewDashboard',
    },
    'One product figure as CSV',
  ),
  me: PLAYER_HISTORY_API,
});
