import { PLAYER_HISTORY_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api';

// Apart from insights-api.ts: the player's dashboard loads this one, not the Insights page's hooks.

/** Query key of the signed-in player's own history. */
export const playerHistoryKeys = { me: ['insights', 'me'] as const };

/** The signed-in player's own games, bingos and right answers. */
export function useMyInsights() {
  return useQuery({
    queryKey: playerHistoryKeys.me,
    queryFn: ({ signal }) => api.call(PLAYER_HISTORY_API, {}, { signal }),
  });
}
