import { SETTINGS_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { settingsKeys } from './keys';

/** Footer links and the external Training link. Public, fetched once; failures just hide the links. */
export function usePublicSettings() {
  return useQuery({
    queryKey: settingsKeys.public,
    queryFn: ({ signal }) =>
      api.call(SETTINGS_API.publicSettings, {}, { auth: false, notify: false, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
