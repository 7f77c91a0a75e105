import { ZOrgWorkshopsReply } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './query-keys';

/** Workshops linked to an organization: the admin dashboard's current workshops. */
export function useOrgWorkshops(orgName: string) {
  return useQuery({
    queryKey: queryKeys.orgWorkshops(orgName),
    queryFn: ({ signal }) =>
      api.get(`/get-org-workshops/${encodeURIComponent(orgName)}`, { schema: ZOrgWorkshopsReply, signal }),
  });
}
