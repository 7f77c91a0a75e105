import {
  INSIGHTS_DEFAULT_DAYS,
  INSIGHTS_MAX_DAYS,
  type InsightsFilter,
  message,
  seesOwnGamesOnly,
} from '@playshop/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, inBackground } from '../db/client';
import { organizations } from '../db/schema';
import { type Actor, orgInScope } from '../http/actor';
import { badRequest } from '../http/errors';
import type { Projector } from './projector';

export const DAY_MS = 86_400_000;
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** Timestamps leave as ISO text, whichever driver reads them. */
export const isoOf = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
export const round = (n: number | null, digits = 2) => (n === null ? null : Number(n.toFixed(digits)));
/** A user's name as the figures show it, for a `users` row joined as `f`. */
export const personName = sql.raw(
  `coalesce(nullif(trim(f.first_name || ' ' || f.last_name), ''), f.email, f.username)`,
);

/** The columns of a game the figures read (never its fold, `state`). */
const GAME_COLUMNS =
  'g.game_id, g.room_id, g.workshop_id, g.facilitator_id, g.started_at, g.ended_at, g.players, g.left_early, g.winners';

/** Whose games a caller sees in one organization. */
export interface InsightsScope {
  orgId: number;
  /** Only the games this facilitator ran; null for every game of the organization. */
  facilitatorId: number | null;
}

/**
 * THE ONE PLACE Insights decides tenancy: an organization's admins see all its games, its
 * facilitators the games they ran, a super admin any organization's; another organization answers
 * 404 like every other tenant-scoped read (orgInScope).
 */
export async function insightsScope(db: Db, actor: Actor, orgName: string): Promise<InsightsScope> {
  const org = await orgInScope(db, actor, eq(organizations.name, orgName));
  return { orgId: org.id, facilitatorId: seesOwnGamesOnly(actor.role) ? actor.userId : null };
}

/** The range asked for (UTC days, both inclusive), or the last `defaultDays` up to today. */
export function resolveRange(range: { from?: string; to?: string }, today: Date, defaultDays: number) {
  const to = range.to ?? isoDay(today);
  const from = range.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (defaultDays - 1) * DAY_MS));
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
  if (span < 0) throw badRequest(message('insights.badRange'), 'from');
  if (span >= INSIGHTS_MAX_DAYS) throw badRequest(message('insights.longRange'), 'from');
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString();
  return { from, to, start: `${from}T00:00:00.000Z`, end };
}

/** What every figure reads through: raw queries, the clock, the projector, and the games in scope. */
export function figuresSource(db: Db, projector: Projector, clock: () => Date) {
  // On embedded PGlite behind the game's statements, as the projector's (db/client.ts inBackground).
  const query = <T>(q: SQL): Promise<T[]> =>
    inBackground(db, async () => ((await db.execute(q)) as unknown as { rows: T[] }).rows);

  /** Scope, range and filters: the games a figure counts, as a CTE named `s`. */
  async function scopedGames(actor: Actor, orgName: string, filter: InsightsFilter) {
    const scope = await insightsScope(db, actor, orgName);
    const range = resolveRange(filter, clock(), INSIGHTS_DEFAULT_DAYS);
    await projector.catchUp();
    const conditions = [
      sql`g.org_id = ${scope.orgId}`,
      sql`g.started`,
      sql`g.started_at >= ${range.start}::timestamptz`,
      sql`g.started_at < ${range.end}::timestamptz`,
    ];
    if (scope.facilitatorId !== null) conditions.push(sql`g.facilitator_id = ${scope.facilitatorId}`);
    if (filter.facilitatorId !== undefined) conditions.push(sql`g.facilitator_id = ${filter.facilitatorId}`);
    if (filter.workshopId !== undefined) conditions.push(sql`g.workshop_id = ${filter.workshopId}`);
    if (filter.roomId !== undefined) conditions.push(sql`g.room_id = ${filter.roomId}`);
    const cte = sql`with s as (select ${sql.raw(GAME_COLUMNS)} from insights_games g where ${sql.join(conditions, sql` and `)})`;
    return { scope, range, cte };
  }

  return { query, scopedGames, clock, projector };
}

export type Figures = ReturnType<typeof figuresSource>;
/** The games an organization's figure counts, and whose and when they are. */
export type GamesInScope = Awaited<ReturnType<Figures['scopedGames']>>;
