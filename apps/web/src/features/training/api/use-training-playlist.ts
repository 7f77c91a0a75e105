import { TRAINING_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { trainingKeys } from './keys';

/**
 * The signed-in user's role's videos. The training screen shows a failure in
 * its own alert (the server's text says what is wrong), so no toast as well.
 */
export function useTrainingPlaylist() {
  return useQuery({
    queryKey: trainingKeys.playlist,
    queryFn: ({ signal }) => api.call(TRAINING_API.playlist, {}, { notify: false, signal }),
    // The server caches YouTube for ten minutes; refetching on every focus would gain nothing.
    staleTime: 5 * 60_000,
    retry: false,
  });
}
