import { TRAINING_API, TRAINING_TEXTS, type TrainingSettings } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { trainingKeys } from './keys';

/** Replaces every role's playlist source. */
export function useSaveTrainingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrainingSettings) => api.call(TRAINING_API.saveSettings, { body }),
    onSuccess: (saved) => {
      toastSuccess(TRAINING_TEXTS.saved);
      queryClient.setQueryData(trainingKeys.settings, saved);
      // The super admin's own playlist may have changed with it.
      return queryClient.invalidateQueries({ queryKey: trainingKeys.playlist });
    },
  });
}
