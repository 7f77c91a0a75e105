import { ZTrainingSettings } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { trainingKeys } from './keys';

/** GET /training-settings (super admin): every role's playlist source. */
export function useTrainingSettings() {
  return useQuery({
    queryKey: trainingKeys.settings,
    queryFn: ({ signal }) => api.get('/training-settings', { schema: ZTrainingSettings, signal }),
  });
}
