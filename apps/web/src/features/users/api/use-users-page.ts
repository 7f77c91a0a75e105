import { PAGE_SIZE, USER_API } from '@playshop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { userKeys } from './keys';

export type UserKind = 'admin' | 'player';

/**
 * One page of admins or players: of one organization, or of every organization (`'all'`, super admin).
 * With a term, the search by first or last name.
 */
export function useUsersPage(kind: UserKind, orgId: number | 'all', page: number, term: string) {
  return useQuery({
    queryKey: userKeys.page(kind, orgId, page, term),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const endpoints = USER_API[kind];
      const paging = { page, size: PAGE_SIZE };
      if (orgId === 'all') {
        return term
          ? api.call(endpoints.search, { params: { term }, query: paging }, { signal })
          : api.call(endpoints.allPage, { params: paging }, { signal });
      }
      return term
        ? api.call(endpoints.orgSearch, { params: { orgId, term }, query: paging }, { signal })
        : api.call(endpoints.page, { params: { orgId, ...paging } }, { signal });
    },
  });
}
