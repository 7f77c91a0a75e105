import type { ContentFilters } from '@playshop/shared';

/** Query keys of the content library. */
export const contentKeys = {
  all: ['content'] as const,
  list: (filters: ContentFilters) => ['content', 'list', filters] as const,
  item: (id: number) => ['content', 'item', id] as const,
};
