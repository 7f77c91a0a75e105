import { ZWorkshopSummary } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api';
import { peopleKeys } from './people-query-keys';

/** Workshops not yet linked to the organization: the choices of 'Add workshop'. */
export function useLinkableWorkshops(orgId: number) {
  return useQuery({
    queryKey: peopleKeys.linkableWorkshops(orgId),
    queryFn: ({ signal }) =>
      api.get(`/get-linkable-workshops/${orgId}`, { schema: z.array(ZWorkshopSummary), signal }),
  });
}
