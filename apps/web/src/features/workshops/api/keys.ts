/** Query keys of the workshop builder. */
export const workshopKeys = {
  all: ['workshops'] as const,
  page: (page: number, term: string) => ['workshops', 'page', page, term] as const,
  item: (id: number) => ['workshops', 'item', id] as const,
  session: (id: number) => ['workshops', 'session', id] as const,
};
