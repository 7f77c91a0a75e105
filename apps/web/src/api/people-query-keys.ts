import type { UserKind } from './use-users-page';

/**
 * Query keys of the people side (organizations, users, categories). Kept apart from query-keys.ts so
 * two areas can grow in parallel; invalidating a prefix (`['users', 'player']`) refreshes every page
 * and search of that list.
 */
export const peopleKeys = {
  organizations: ['organizations'] as const,
  organizationPage: (page: number, term: string) => ['organizations', 'page', page, term] as const,
  organization: (id: number) => ['organizations', 'by-id', id] as const,
  orgOptions: ['organizations', 'options'] as const,
  linkableWorkshops: (orgId: number) => ['organizations', 'linkable-workshops', orgId] as const,
  users: (kind: UserKind) => ['users', kind] as const,
  userPage: (kind: UserKind, orgId: number | 'all', page: number, term: string) =>
    ['users', kind, 'page', orgId, page, term] as const,
  user: (kind: UserKind, id: number) => ['users', kind, 'by-id', id] as const,
  categories: ['categories'] as const,
};
