import { INSIGHTS_LICENCE_DAYS, type InsightsProduct } from '@playshop/shared';
import { sql } from 'drizzle-orm';
import { DAY_MS, type Figures, isoDay, isoOf, resolveRange } from './scope';

/** The product's figures for a super admin: every organization's use, licences running out, months. */
export async function product(
  figures: Figures,
  range: { from?: string; to?: string },
): Promise<InsightsProduct> {
  const today = figures.clock();
  const { start, end } = resolveRange(range, today, 365);
  await figures.projector.catchUp();
  const inRange = sql`g.started and g.started_at >= ${start}::timestamptz and g.started_at < ${end}::timestamptz`;
  const [orgs, licences, months] = await Promise.all([
    figures.query<InsightsProduct['organizations'][number]>(sql`
      with p as (
        select g.org_id, count(distinct p.user_id)::int as n
        from insights_games g join insights_players p on p.game_id = g.game_id
        where ${inRange} group by g.org_id)
      select o.id, o.name, count(g.game_id)::int as games, coalesce(min(p.n), 0)::int as players,
        ${isoOf('max(g.started_at)')} as "lastGameAt"
      from organizations o left join insights_games g on g.org_id = o.id and ${inRange}
        left join p on p.org_id = o.id
      group by o.id, o.name order by games desc, players desc, o.name`),
    figures.query<InsightsProduct['licences'][number]>(sql`
      select id, name, to_char(expiry, 'YYYY-MM-DD') as expiry from organizations
      where expiry >= ${isoDay(today)}::date
        and expiry <= ${isoDay(new Date(today.getTime() + INSIGHTS_LICENCE_DAYS * DAY_MS))}::date
      order by expiry, name`),
    productMonths(figures, start, end),
  ]);
  return { organizations: orgs, licences, months };
}

async function productMonths(
  figures: Figures,
  start: string,
  end: string,
): Promise<InsightsProduct['months']> {
  const months = await figures.query<{
    month: string;
    games: number;
    whole: boolean;
    players: number | null;
  }>(sql`
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
          await figures.query<{ month: string; players: number }>(sql`
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
