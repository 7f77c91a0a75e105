import { TRAINING_TEXTS, type TrainingSettings, ZTrainingSettings } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { trainingKeys } from './keys';

/** PUT /training-settings: replaces every role's playlist source. */
export function useSaveTrainingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrainingSettings) =>
      api.request('/training-settings', { method: 'PUT', body, schema: ZTrainingSettings }),
    onSuccess: (saved) => {
      toastSuccess(TRAINING_TEXTS.saved);
      queryClient.setQueryData(trainingKeys.settings, saved);
      // The super admin's own playlist may have changed with it.
      return queryClient.invalidateQueries({ queryKey: trainingKeys.playlist });
    },
  });
}
