import { PAGE_SIZE, WORKSHOP_API } from '@playshop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { workshopKeys } from './keys';

/** The workshop list: pages of 10, optionally searched by name. */
export function useWorkshopsPage(page: number, term: string) {
  return useQuery({
    queryKey: workshopKeys.page(page, term),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.call(
        WORKSHOP_API.page,
        { params: { page, size: PAGE_SIZE }, query: term ? { search: term } : {} },
        { signal },
      ),
  });
}
