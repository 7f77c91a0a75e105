import { PAGE_SIZE, ZUserPage } from '@playshop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { userKeys } from './keys';

export type UserKind = 'admin' | 'player';

const plural = (kind: UserKind) => (kind === 'admin' ? 'admins' : 'players');

/**
 * One page of admins or players: of one organization, or of every organization (`'all'`, super admin).
 * With a term, the search by first or last name.
 */
export function useUsersPage(kind: UserKind, orgId: number | 'all', page: number, term: string) {
  return useQuery({
    queryKey: userKeys.page(kind, orgId, page, term),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const q = encodeURIComponent(term);
      let path: string;
      if (orgId === 'all') {
        path = term
          ? `/search-${plural(kind)}/${q}?page=${page}&size=${PAGE_SIZE}`
          : `/get-all-${plural(kind)}/${page}/${PAGE_SIZE}`;
      } else if (term) {
        const search = kind === 'admin' ? 'search-org-admin' : 'search-org-players';
        path = `/${search}/${orgId}/${q}?page=${page}&size=${PAGE_SIZE}`;
      } else {
        path = `/get-org-${plural(kind)}/${orgId}/${page}/${PAGE_SIZE}`;
      }
      return api.get(path, { schema: ZUserPage, signal });
    },
  });
}
