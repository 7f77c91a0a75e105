import { type PublicSettingsUpdate, SETTINGS_API } from '@playshop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { t } from '../../i18n/i18n';
import { toastSuccess } from '../../ui/toast';

/** Query keys of the product settings. */
export const settingsKeys = {
  public: ['public-settings'] as const,
};

/** Footer links and the external Training link. Public, fetched once; failures just hide the links. */
export function usePublicSettings() {
  return useQuery({
    queryKey: settingsKeys.public,
    queryFn: ({ signal }) =>
      api.call(SETTINGS_API.publicSettings, {}, { auth: false, notify: false, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Super admin: saves the footer's Report Issue and Status links, the Training link. */
export function useSavePublicSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublicSettingsUpdate) => api.call(SETTINGS_API.savePublicSettings, { body }),
    onSuccess: (saved) => {
      toastSuccess(t('links.saved'));
      // The footer and the sidebar read these; show the new links at once.
      queryClient.setQueryData(settingsKeys.public, saved);
    },
  });
}
