import type { ContentFilters } from '@playshop/shared';

/** Query keys of the content library. */
export const contentKeys = {
  all: ['content'] as const,
  list: (filters: ContentFilters) => ['content', 'list', filters] as const,
  item: (id: number) => ['content', 'item', id] as const,
};

/** `?categoryId=&type=&search=` for the content lists; empty filters are left out. */
export function contentQuery(filters: ContentFilters): string {
  const params = new URLSearchParams();
  if (filters.categoryId) params.set('categoryId', String(filters.categoryId));
  if (filters.type) params.set('type', filters.type);
  if (filters.search) params.set('search', filters.search);
  const text = params.toString();
  return text ? `?${text}` : '';
}
