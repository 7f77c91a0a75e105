import { TRAINING_API, type TrainingSettings, XAPI_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api';
import { useSavingMutation } from '../../api/use-saving-mutation';
import { t } from '../../i18n/i18n';

/** Query keys of training playlists (the caller's playlist, the super admin's settings). */
export const trainingKeys = {
  all: ['training'] as const,
  playlist: ['training', 'playlist'] as const,
  settings: ['training', 'settings'] as const,
};

/** Replaces every role's playlist source. */
export function useSaveTrainingSettings() {
  return useSavingMutation((body: TrainingSettings) => api.call(TRAINING_API.saveSettings, { body }), {
    success: t('training.saved'),
    store: trainingKeys.settings,
    // The super admin's own playlist may have changed with it.
    refresh: trainingKeys.playlist,
  });
}

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

/** Super admin: every role's playlist source. */
export function useTrainingSettings() {
  return useQuery({
    queryKey: trainingKeys.settings,
    queryFn: ({ signal }) => api.call(TRAINING_API.settings, {}, { signal }),
  });
}

/**
 * A video of the caller's playlist played to its end: the server queues an xAPI "completed"
 * statement when their organization sends statements. Nothing to show either way.
 */
export function reportVideoCompleted(url: string): void {
  api.call(XAPI_API.videoCompleted, { body: { url } }, { notify: false }).catch(() => undefined);
}
