import { ZCategory } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api';
import { peopleKeys } from './people-query-keys';

/** Every category, by name. */
export function useCategories() {
  return useQuery({
    queryKey: peopleKeys.categories,
    queryFn: ({ signal }) => api.get('/getcategories', { schema: z.array(ZCategory), signal }),
  });
}
