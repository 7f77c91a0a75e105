import { LINK_TEXTS, type PublicSettingsUpdate, SETTINGS_API } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { settingsKeys } from './keys';

/** Super admin: saves the footer's Report Issue and Status links, the Training link. */
export function useSavePublicSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublicSettingsUpdate) => api.call(SETTINGS_API.savePublicSettings, { body }),
    onSuccess: (saved) => {
      toastSuccess(LINK_TEXTS.saved);
      // The footer and the sidebar read these; show the new links at once.
      queryClient.setQueryData(settingsKeys.public, saved);
    },
  });
}
