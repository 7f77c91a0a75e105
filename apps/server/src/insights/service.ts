import {
  INSIGHTS_DEFAULT_DAYS,
  INSIGHTS_GAME_ROWS,
  INSIGHTS_LICENCE_DAYS,
  INSIGHTS_MAX_DAYS,
  type InsightsBingo,
  type InsightsContent,
  type InsightsFilter,
  type InsightsGames,
  type InsightsProduct,
  type InsightsQuestions,
  type InsightsSummary,
  type InsightsWeeks,
  message,
  type PlayerHistory,
  seesOwnGamesOnly,
} from '@playshop/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizations } from '../db/schema';
import { type Actor, orgInScope } from '../http/actor';
import { badRequest } from '../http/errors';
import type { Projector } from './projector';

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
/** Timestamps leave as ISO text, whichever driver reads them. */
const isoOf = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const round = (n: number | null, digits = 2) => (n === null ? null : Number(n.toFixed(digits)));

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

export function insightsService(db: Db, projector: Projector, clock: () => Date = () => new Date()) {
  const query = async <T>(q: SQL) => rowsOf<T>(await db.execute(q));

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

  const personName = sql.raw(
    `coalesce(nullif(trim(f.first_name || ' ' || f.last_name), ''), f.email, f.username)`,
  );

  async function games(actor: Actor, orgName: string, filter: InsightsFilter, limit: number | null) {
    const { cte } = await scopedGames(actor, orgName, filter);
    const [rows, [total]] = await Promise.all([
      query<InsightsGames['games'][number]>(sql`${cte}
        select s.game_id as "gameId", ${isoOf('s.started_at')} as "startedAt", ${isoOf('s.ended_at')} as "endedAt",
          r.name as room, w.name as workshop, ${personName} as facilitator,
          s.players, s.left_early as "leftEarly", s.winners
        from s join rooms r on r.id = s.room_id join workshops w on w.id = s.workshop_id
          left join users f on f.id = s.facilitator_id
        order by s.started_at desc, s.game_id desc
        ${limit === null ? sql`` : sql`limit ${limit}`}`),
      query<{ n: number }>(sql`${cte} select count(*)::int as n from s`),
    ]);
    return { total: total?.n ?? 0, games: rows };
  }

  /**
   * Games and distinct players per month of [start, end): whole months from the rollup
   * (insights_months) when it counts the same games as the projections; the range's partial first
   * and last months, and a month whose games changed since (a room deleted), from the projections.
   */
  async function productMonths(start: string, end: string): Promise<InsightsProduct['months']> {
    const months = await query<{ month: string; games: number; whole: boolean; players: number | null }>(sql`
      with live as (
        select date_trunc('month', g.started_at at time zone 'UTC')::date as month, count(*)::int as games
        from insights_games g
        where g.started and g.started_at >= ${start}::timestamptz and g.started_at < ${end}::timestamptz
        group by 1)
      select to_char(l.month, 'YYYY-MM') as month, l.games,
        l.month::timestamp at time zone 'UTC' >= ${start}::timestamptz
          and (l.month + interval '1 month')::timestamp at time zone 'UTC' <= ${end}::timestamptz as whole,
        r.players
      from live l left join insights_months r on r.month = l.month and r.games = l.games
      order by l.month`);
    const counted = months.filter((m) => !m.whole || m.players === null).map((m) => m.month);
    const players = new Map(
      counted.length === 0
        ? []
        : (
            await query<{ month: string; players: number }>(sql`
              select to_char(g.started_at at time zone 'UTC', 'YYYY-MM') as month,
                count(distinct p.user_id)::int as players
              from insights_games g join insights_players p on p.game_id = g.game_id
              where g.started and g.started_at >= ${start}::timestamptz and g.started_at < ${end}::timestamptz
                and to_char(g.started_at at time zone 'UTC', 'YYYY-MM') = any(${sql.param(counted)}::text[])
              group by 1`)
          ).map((r) => [r.month, r.players] as const),
    );
    return months.map((m) => ({
      month: m.month,
      games: m.games,
      players: m.whole && m.players !== null ? m.players : (players.get(m.month) ?? 0),
    }));
  }

  return {
    async summary(actor: Actor, orgName: string, filter: InsightsFilter): Promise<InsightsSummary> {
      const { scope, range, cte } = await scopedGames(actor, orgName, filter);
      const own = scope.facilitatorId === null ? sql`` : sql`and g.facilitator_id = ${scope.facilitatorId}`;
      const [[totals], [attendance], [invited], options] = await Promise.all([
        query<{
          games: number;
          players: number;
          ended_players: number;
          left_early: number;
          ppg: number | null;
          wpg: number | null;
        }>(sql`${cte}
          select count(*)::int as games, coalesce(sum(players), 0)::int as players,
            coalesce(sum(players) filter (where ended_at is not null), 0)::int as ended_players,
            coalesce(sum(left_early), 0)::int as left_early,
            avg(players)::float8 as ppg, avg(winners)::float8 as wpg
          from s`),
        query<{ attended: number; guests: number }>(sql`${cte}
          select count(distinct p.user_id) filter (where not p.guest)::int as attended,
            count(distinct p.user_id) filter (where p.guest)::int as guests
          from insights_players p join s on s.game_id = p.game_id`),
        query<{ n: number }>(sql`
          select count(*)::int as n from users
          where org_id = ${scope.orgId} and role = 'PLAYER' and is_guest = false`),
        query<{ kind: 'workshops' | 'rooms' | 'facilitators'; id: number; name: string }>(sql`
          with g as (select distinct workshop_id, room_id, facilitator_id from insights_games g
            where g.org_id = ${scope.orgId} and g.started ${own})
          select 'workshops' as kind, w.id, w.name from workshops w where w.id in (select workshop_id from g)
          union all
          select 'rooms', r.id, r.name from rooms r where r.id in (select room_id from g)
          union all
          select 'facilitators', f.id, ${personName} from users f where f.id in (select facilitator_id from g)
          order by 1, 3, 2`),
      ]);
      const t = totals!;
      const pick = (kind: string) =>
        options.filter((o) => o.kind === kind).map(({ id, name }) => ({ id, name }));
      return {
        from: range.from,
        to: range.to,
        games: t.games,
        players: t.players,
        playersPerGame: round(t.ppg, 1),
        winnersPerGame: round(t.wpg, 1),
        attendance: {
          invited: invited?.n ?? 0,
          attended: attendance?.attended ?? 0,
          guests: attendance?.guests ?? 0,
        },
        leftEarly: t.left_early,
        leftEarlyShare: t.ended_players > 0 ? round(t.left_early / t.ended_players, 3) : null,
        options: { workshops: pick('workshops'), rooms: pick('rooms'), facilitators: pick('facilitators') },
      };
    },

    games: (actor: Actor, orgName: string, filter: InsightsFilter, all = false): Promise<InsightsGames> =>
      games(actor, orgName, filter, all ? null : INSIGHTS_GAME_ROWS),

    async questions(actor: Actor, orgName: string, filter: InsightsFilter): Promise<InsightsQuestions> {
      const { cte } = await scopedGames(actor, orgName, filter);
      const rows = await query<{
        content_id: number;
        title: string | null;
        question: string | null;
        asked: number;
        answers: number;
        right_answers: number;
        ms: number;
        wrong_choice: number | null;
        wrong_name: string | null;
        wrong_players: number | null;
      }>(sql`${cte},
        q as (
          select se.content_id, count(*)::int as asked, sum(se.answers)::int as answers,
            sum(se.right_answers)::int as right_answers, sum(se.answer_ms)::float8 as ms
          from insights_sends se join s on s.game_id = se.game_id
          where se.is_question group by se.content_id),
        w as (
          select c.content_id, c.choice, sum(c.players)::int as players,
            row_number() over (partition by c.content_id order by sum(c.players) desc, c.choice) as rank
          from insights_choices c join s on s.game_id = c.game_id
          where not c.correct group by c.content_id, c.choice)
        select q.*, ct.title, qu.question, w.choice as wrong_choice, a.name as wrong_name,
          w.players as wrong_players
        from q left join content ct on ct.id = q.content_id
          left join questions qu on qu.content_id = q.content_id
          left join w on w.content_id = q.content_id and w.rank = 1 and w.players > 0
          left join answers a on a.id = w.choice
        order by ct.title, q.content_id`);
      return {
        questions: rows.map((r) => ({
          contentId: r.content_id,
          title: r.title ?? `Content ${r.content_id}`,
          question: r.question ?? r.title ?? '',
          asked: r.asked,
          answers: r.answers,
          shareRight: r.answers > 0 ? round(r.right_answers / r.answers, 3) : null,
          mostChosenWrong:
            r.wrong_choice === null
              ? null
              : { answer: r.wrong_name ?? `Answer ${r.wrong_choice}`, players: r.wrong_players ?? 0 },
          meanSeconds: r.answers > 0 ? round(r.ms / r.answers / 1000, 1) : null,
        })),
      };
    },

    async content(actor: Actor, orgName: string, filter: InsightsFilter): Promise<InsightsContent> {
      const { cte } = await scopedGames(actor, orgName, filter);
      // The workshops' items that were never sent appear with 0: content nobody uses shows too.
      const rows = await query<{
        session_id: number | null;
        session: string | null;
        content_id: number;
        title: string | null;
        type: string | null;
        sent: number;
        mean_present: number | null;
      }>(sql`${cte},
        sent as (
          select se.session_id, se.content_id, min(se.content_type) as type, count(*)::int as sent,
            avg(se.present)::float8 as mean_present
          from insights_sends se join s on s.game_id = se.game_id group by se.session_id, se.content_id),
        planned as (
          select distinct ss.id as session_id, sc.content_id
          from session_content sc join sessions ss on ss.id = sc.session_id
          where ss.workshop_id in (select workshop_id from s))
        select coalesce(sent.session_id, planned.session_id) as session_id, ss.name as session,
          coalesce(sent.content_id, planned.content_id) as content_id, ct.title,
          coalesce(sent.type, ct.type::text) as type, coalesce(sent.sent, 0)::int as sent, sent.mean_present
        from sent full join planned
          on planned.session_id = sent.session_id and planned.content_id = sent.content_id
        left join sessions ss on ss.id = coalesce(sent.session_id, planned.session_id)
        left join content ct on ct.id = coalesce(sent.content_id, planned.content_id)
        order by ss.order_index nulls last, ss.name, ct.title, 3`);
      return {
        items: rows.map((r) => ({
          sessionId: r.session_id,
          session: r.session,
          contentId: r.content_id,
          title: r.title ?? `Content ${r.content_id}`,
          type: r.type ?? '',
          sent: r.sent,
          meanPresent: round(r.mean_present ?? 0, 1)!,
        })),
      };
    },

    async bingo(actor: Actor, orgName: string, filter: InsightsFilter): Promise<InsightsBingo> {
      const { cte } = await scopedGames(actor, orgName, filter);
      const [patterns, winners] = await Promise.all([
        query<{ pattern: string; first_wins: number; mean: number; min: number; max: number }>(sql`${cte}
          select w.pattern, count(*)::int as first_wins, avg(w.balls)::float8 as mean,
            min(w.balls)::int as min, max(w.balls)::int as max
          from insights_wins w join s on s.game_id = w.game_id
          where w.first group by w.pattern order by w.pattern`),
        query<{ winners: number; games: number }>(sql`${cte}
          select winners, count(*)::int as games from s group by winners order by winners`),
      ]);
      return {
        patterns: patterns.map((p) => ({
          pattern: p.pattern,
          firstWins: p.first_wins,
          meanBalls: round(p.mean, 1)!,
          minBalls: p.min,
          maxBalls: p.max,
        })),
        winnersPerGame: winners,
      };
    },

    async weeks(actor: Actor, orgName: string, filter: InsightsFilter): Promise<InsightsWeeks> {
      const { cte } = await scopedGames(actor, orgName, filter);
      const rows = await query<{
        week: string;
        games: number;
        players: number;
        left_early: number;
        answers: number;
        right_answers: number;
      }>(sql`${cte},
        a as (
          select se.game_id, sum(se.answers) as answers, sum(se.right_answers) as right_answers
          from insights_sends se join s on s.game_id = se.game_id group by se.game_id)
        select to_char(date_trunc('week', s.started_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
          count(*)::int as games, sum(s.players)::int as players, sum(s.left_early)::int as left_early,
          coalesce(sum(a.answers), 0)::int as answers, coalesce(sum(a.right_answers), 0)::int as right_answers
        from s left join a on a.game_id = s.game_id
        group by 1 order by 1`);
      return {
        weeks: rows.map((r) => ({
          week: r.week,
          games: r.games,
          players: r.players,
          leftEarly: r.left_early,
          answers: r.answers,
          shareRight: r.answers > 0 ? round(r.right_answers / r.answers, 3) : null,
        })),
      };
    },

    async product(range: { from?: string; to?: string }): Promise<InsightsProduct> {
      const today = clock();
      const { start, end } = resolveRange(range, today, 365);
      await projector.catchUp();
      const inRange = sql`g.started and g.started_at >= ${start}::timestamptz and g.started_at < ${end}::timestamptz`;
      const [orgs, licences, months] = await Promise.all([
        query<InsightsProduct['organizations'][number]>(sql`
          select o.id, o.name, count(g.game_id)::int as games, coalesce(sum(g.players), 0)::int as players,
            ${isoOf('max(g.started_at)')} as "lastGameAt"
          from organizations o left join insights_games g on g.org_id = o.id and ${inRange}
          group by o.id, o.name order by games desc, players desc, o.name`),
        query<InsightsProduct['licences'][number]>(sql`
          select id, name, to_char(expiry, 'YYYY-MM-DD') as expiry from organizations
          where expiry >= ${isoDay(today)}::date
            and expiry <= ${isoDay(new Date(today.getTime() + INSIGHTS_LICENCE_DAYS * DAY_MS))}::date
          order by expiry, name`),
        productMonths(start, end),
      ]);
      return { organizations: orgs, licences, months };
    },

    async me(actor: Actor): Promise<PlayerHistory> {
      await projector.catchUp();
      const [[totals], recent] = await Promise.all([
        query<{ games: number; bingos: number; answers: number; right_answers: number }>(sql`
          select count(*)::int as games, coalesce(sum(p.bingos), 0)::int as bingos,
            coalesce(sum(p.answers), 0)::int as answers, coalesce(sum(p.right_answers), 0)::int as right_answers
          from insights_players p join insights_games g on g.game_id = p.game_id
          where p.user_id = ${actor.userId} and g.started`),
        query<PlayerHistory['recent'][number]>(sql`
          select g.game_id as "gameId", ${isoOf('g.started_at')} as "startedAt", r.name as room,
            p.bingos, p.answers, p.right_answers as "rightAnswers"
          from insights_players p join insights_games g on g.game_id = p.game_id
            join rooms r on r.id = g.room_id
          where p.user_id = ${actor.userId} and g.started
          order by g.started_at desc limit 20`),
      ]);
      return {
        games: totals?.games ?? 0,
        bingos: totals?.bingos ?? 0,
        answers: totals?.answers ?? 0,
        rightAnswers: totals?.right_answers ?? 0,
        recent,
      };
    },
  };
}

export type InsightsService = ReturnType<typeof insightsService>;
