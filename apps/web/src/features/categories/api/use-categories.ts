import { CATEGORY_API } from '@playshop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { categoryKeys } from './keys';

/** The one categories query: the Categories page and every Category select share its cache. */
export const categoriesQuery = queryOptions({
  queryKey: categoryKeys.all,
  queryFn: ({ signal }) => api.call(CATEGORY_API.list, {}, { signal }),
});

/** Every category, by name. */
export function useCategories() {
  return useQuery(categoriesQuery);
}
