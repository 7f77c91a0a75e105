import { ORG_API, PAGE_SIZE } from '@playshop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { organizationKeys } from './keys';

/** One page of the organizations table, or of a search by name. */
export function useOrganizationsPage(page: number, term: string) {
  return useQuery({
    queryKey: organizationKeys.page(page, term),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      term
        ? api.call(ORG_API.search, { params: { term }, query: { page, size: PAGE_SIZE } }, { signal })
        : api.call(ORG_API.page, { params: { page, size: PAGE_SIZE } }, { signal }),
  });
}
