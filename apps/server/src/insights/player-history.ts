import type { PlayerHistory } from '@playshop/shared';
import { sql } from 'drizzle-orm';
import type { Actor } from '../http/actor';
import { type Figures, isoOf } from './scope';

/** A player's own history: their totals and their last games. */
export async function playerHistory(figures: Figures, actor: Actor): Promise<PlayerHistory> {
  await figures.projector.catchUp();
  const [[totals], recent] = await Promise.all([
    figures.query<{ games: number; bingos: number; answers: number; right_answers: number }>(sql`
      select count(*)::int as games, coalesce(sum(p.bingos), 0)::int as bingos,
        coalesce(sum(p.answers), 0)::int as answers, coalesce(sum(p.right_answers), 0)::int as right_answers
      from insights_players p join insights_games g on g.game_id = p.game_id
      where p.user_id = ${actor.userId} and g.started`),
    figures.query<PlayerHistory['recent'][number]>(sql`
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
}
