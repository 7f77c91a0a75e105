import { type PublicSettingsUpdate, SETTINGS_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api';
import { useSavingMutation } from '../../api/use-saving-mutation';
import { t } from '../../i18n/i18n';

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
  // The footer and the sidebar read these; storing the reply shows the new links at once.
  return useSavingMutation(
    (body: PublicSettingsUpdate) => api.call(SETTINGS_API.savePublicSettings, { body }),
    {
      success: t('links.saved'),
      store: settingsKeys.public,
    },
  );
}
