import { CONTENT_API, CONTENT_PAGE_SIZE, type ContentFilters } from '@playshop/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { contentKeys } from './keys';

/** The content library: pages of 50 matching the filters, one more on each Load More. */
export function useContentPages(filters: ContentFilters) {
  return useInfiniteQuery({
    queryKey: contentKeys.list(filters),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      // Empty filters are left out of the query.
      api.call(
        CONTENT_API.page,
        { params: { page: pageParam, size: CONTENT_PAGE_SIZE }, query: filters },
        { signal },
      ),
    getNextPageParam: (last) => last.nextPage ?? undefined,
  });
}
