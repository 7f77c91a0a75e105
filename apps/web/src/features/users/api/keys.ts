import type { UserKind } from './use-users-page';

/** Query keys of the Admins and Players lists; invalidating `all(kind)` refreshes every page and search. */
export const userKeys = {
  all: (kind: UserKind) => ['users', kind] as const,
  page: (kind: UserKind, orgId: number | 'all', page: number, term: string) =>
    ['users', kind, 'page', orgId, page, term] as const,
  item: (kind: UserKind, id: number) => ['users', kind, 'by-id', id] as const,
};
