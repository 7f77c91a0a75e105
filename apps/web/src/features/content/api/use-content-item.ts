import { ZContentReply } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { contentKeys } from './keys';

/** One content item; a 404 is shown by the page as 'Content not found', not as a toast. */
export function useContentItem(id: number | null) {
  return useQuery({
    queryKey: contentKeys.item(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      api.get(`/get-content-by-id/${id}`, { schema: ZContentReply, signal, notify: false }),
  });
}
