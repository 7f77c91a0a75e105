import { CONTENT_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { contentKeys } from './keys';

/** One content item; a 404 is shown by the page as 'Content not found', not as a toast. */
export function useContentItem(id: number | null) {
  return useQuery({
    queryKey: contentKeys.item(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      api.call(CONTENT_API.byId, { params: { id: id ?? 0 } }, { signal, notify: false }),
  });
}
