import type {
  InsightsBingo,
  InsightsContent,
  InsightsGames,
  InsightsQuestions,
  InsightsSummary,
  InsightsWeeks,
} from '@playshop/shared';
import { sql } from 'drizzle-orm';
import { type Figures, type GamesInScope, isoOf, personName, round } from './scope';

/** An organization's figures, a function per tab of its Insights page, each over the games in scope. */
export async function summary(
  { query }: Figures,
  { scope, range, cte }: GamesInScope,
): Promise<InsightsSummary> {
  const own = scope.facilitatorId === null ? sql`` : sql`and g.facilitator_id = ${scope.facilitatorId}`;
  const [[totals], [attendance], [invited], options] = await Promise.all([
    query<{
      games: number;
      ended_players: number;
      left_early: number;
      ppg: number | null;
      wpg: number | null;
    }>(sql`${cte}
      select count(*)::int as games,
        coalesce(sum(players) filter (where ended_at is not null), 0)::int as ended_players,
        coalesce(sum(left_early), 0)::int as left_early,
        avg(players)::float8 as ppg, avg(winners)::float8 as wpg
      from s`),
    // A guest, or an account deleted since, is not a registered player: read now, not when folded.
    query<{ attended: number; guests: number }>(sql`${cte}
      select count(distinct p.user_id) filter (where u.id is not null)::int as attended,
        count(distinct p.user_id) filter (where u.id is null)::int as guests
      from insights_players p join s on s.game_id = p.game_id
        left join users u on u.id = p.user_id and not u.is_guest`),
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
  const pick = (kind: string) => options.filter((o) => o.kind === kind).map(({ id, name }) => ({ id, name }));
  return {
    from: range.from,
    to: range.to,
    games: t.games,
    // Different people (guests too), as "Players" means on every figure.
    players: (attendance?.attended ?? 0) + (attendance?.guests ?? 0),
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
}

export async function games(
  { query }: Figures,
  { cte }: GamesInScope,
  limit: number | null,
): Promise<InsightsGames> {
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

export async function questions({ query }: Figures, { cte }: GamesInScope): Promise<InsightsQuestions> {
  const rows = await query<{
    content_id: number;
    title: string | null;
    question: string | null;
    asked: number;
    present: number;
    answers: number;
    unanswered: number;
    right_answers: number;
    ms: number;
    wrong_choice: number | null;
    wrong_name: string | null;
    wrong_players: number | null;
  }>(sql`${cte},
    q as (
      select se.content_id, count(*)::int as asked, sum(se.present)::int as present,
        sum(se.answers)::int as answers, sum(se.unanswered)::int as unanswered,
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
      present: r.present,
      answers: r.answers,
      unanswered: r.unanswered,
      shareRight: r.answers > 0 ? round(r.right_answers / r.answers, 3) : null,
      mostChosenWrong:
        r.wrong_choice === null
          ? null
          : { answer: r.wrong_name ?? `Answer ${r.wrong_choice}`, players: r.wrong_players ?? 0 },
      meanSeconds: r.answers > 0 ? round(r.ms / r.answers / 1000, 1) : null,
    })),
  };
}

export async function content({ query }: Figures, { cte }: GamesInScope): Promise<InsightsContent> {
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
}

export async function bingo({ query }: Figures, { cte }: GamesInScope): Promise<InsightsBingo> {
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
}

export async function weeks({ query }: Figures, { cte }: GamesInScope): Promise<InsightsWeeks> {
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
      from insights_sends se join s on s.game_id = se.game_id group by se.game_id),
    -- Different people that week, as "Players" means everywhere.
    p as (
      select date_trunc('week', s.started_at at time zone 'UTC') as week, count(distinct p.user_id)::int as n
      from s join insights_players p on p.game_id = s.game_id group by 1)
    select to_char(date_trunc('week', s.started_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
      count(*)::int as games, coalesce(min(p.n), 0)::int as players, sum(s.left_early)::int as left_early,
      coalesce(sum(a.answers), 0)::int as answers, coalesce(sum(a.right_answers), 0)::int as right_answers
    from s left join a on a.game_id = s.game_id
      left join p on p.week = date_trunc('week', s.started_at at time zone 'UTC')
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
}
