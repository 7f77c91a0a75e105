import { PAGE_SIZE, ZOrganizationPage } from '@playshop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { organizationKeys } from './keys';

/** One page of the organizations table, or of a search by name. */
export function useOrganizationsPage(page: number, term: string) {
  return useQuery({
    queryKey: organizationKeys.page(page, term),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get(
        term
          ? `/search-orgs/${encodeURIComponent(term)}?page=${page}&size=${PAGE_SIZE}`
          : `/get-paginated-orgs/${page}/${PAGE_SIZE}`,
        { schema: ZOrganizationPage, signal },
      ),
  });
}
