import { TRAINING_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { trainingKeys } from './keys';

/** Super admin: every role's playlist source. */
export function useTrainingSettings() {
  return useQuery({
    queryKey: trainingKeys.settings,
    queryFn: ({ signal }) => api.call(TRAINING_API.settings, {}, { signal }),
  });
}
