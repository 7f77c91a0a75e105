import { LINK_TEXTS, type PublicSettingsUpdate, ZPublicSettings } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { settingsKeys } from './keys';

/** PUT /public-settings (super admin): the footer's Report Issue and Status links, the Training link. */
export function useSavePublicSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublicSettingsUpdate) =>
      api.request('/public-settings', { method: 'PUT', body, schema: ZPublicSettings }),
    onSuccess: (saved) => {
      toastSuccess(LINK_TEXTS.saved);
      // The footer and the sidebar read these; show the new links at once.
      queryClient.setQueryData(settingsKeys.public, saved);
    },
  });
}
