import { ZCategory } from '@playshop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/api';
import { categoryKeys } from './keys';

/** The one categories query: the Categories page and every Category select share its cache. */
export const categoriesQuery = queryOptions({
  queryKey: categoryKeys.all,
  queryFn: ({ signal }) => api.get('/getcategories', { schema: z.array(ZCategory), signal }),
});

/** Every category, by name. */
export function useCategories() {
  return useQuery(categoriesQuery);
}
