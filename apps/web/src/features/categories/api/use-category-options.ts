import { useQuery } from '@tanstack/react-query';
import { categoriesQuery } from './use-categories';

/** Every category, for the content forms' and filters' Category selects. */
export function useCategoryOptions() {
  return useQuery({
    ...categoriesQuery,
    select: (categories) => categories.map((c) => ({ value: String(c.id), label: c.name })),
  });
}
