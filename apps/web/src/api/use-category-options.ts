import { ZCategoryReply } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api';
import { contentKeys } from './content-keys';

/** Every category, for the content forms' and filters' Category selects. */
export function useCategoryOptions() {
  return useQuery({
    queryKey: contentKeys.categoryOptions,
    queryFn: ({ signal }) => api.get('/getcategories', { schema: z.array(ZCategoryReply), signal }),
    select: (categories) => categories.map((c) => ({ value: String(c.id), label: c.name })),
  });
}
