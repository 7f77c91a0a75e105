import { ZCategory } from '@playshop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api';
import { peopleKeys } from './people-query-keys';

/** The one categories query: the Categories page and every Category select share its cache. */
export const categoriesQuery = queryOptions({
  queryKey: peopleKeys.categories,
  queryFn: ({ signal }) => api.get('/getcategories', { schema: z.array(ZCategory), signal }),
});

/** Every category, by name. */
export function useCategories() {
  return useQuery(categoriesQuery);
}
