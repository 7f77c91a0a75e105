import { CONTENT_API, CONTENT_TEXTS } from '@playshop/shared';
import { api } from '../../../api/api';
import { useSavingMutation } from '../../../api/use-saving-mutation';
import { contentKeys } from './keys';

/** Deletes a content item; the server refuses one a session uses, naming the sessions. */
export function useDeleteContent() {
  return useSavingMutation(
    (id: number) => api.call(CONTENT_API.remove, { params: { id } }, { notify: false }),
    { success: CONTENT_TEXTS.deleted, refresh: contentKeys.all },
  );
}
