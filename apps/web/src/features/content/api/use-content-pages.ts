import { CONTENT_PAGE_SIZE, type ContentFilters, ZContentPage } from '@playshop/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { contentKeys, contentQuery } from './keys';

/** The content library: pages of 50 matching the filters, one more on each Load More. */
export function useContentPages(filters: ContentFilters) {
  return useInfiniteQuery({
    queryKey: contentKeys.list(filters),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get(`/get-paginated-content/${pageParam}/${CONTENT_PAGE_SIZE}${contentQuery(filters)}`, {
        schema: ZContentPage,
        signal,
      }),
    getNextPageParam: (last) => last.nextPage ?? undefined,
  });
}
