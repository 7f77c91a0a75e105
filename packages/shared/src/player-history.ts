import { z } from 'zod/mini';
import { GET } from './endpoint';

// Apart from insights.ts: the player's dashboard shows it, and a phone should not load every
// Insights schema to get there (the 150 KB player budget).
const int = () => z.number().check(z.int());

/** A player's own games (issue 33.4), on their dashboard. */
export const ZPlayerHistory = z.object({
  games: int(),
  bingos: int(),
  answers: int(),
  rightAnswers: int(),
  recent: z.array(
    z.object({
      gameId: int(),
      startedAt: z.string(),
      room: z.string(),
      bingos: int(),
      answers: int(),
      rightAnswers: int(),
    }),
  ),
});
export type PlayerHistory = z.infer<typeof ZPlayerHistory>;

export const PLAYER_HISTORY_API = GET(
  { path: '/insights/me', reply: ZPlayerHistory, access: 'signedIn', tags: ['insights'] },
  "The caller's own games: games played, bingos, right answers",
);
