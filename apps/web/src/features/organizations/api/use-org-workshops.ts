import { ORG_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { organizationKeys } from './keys';

/** Workshops linked to an organization: the admin dashboard's current workshops. */
export function useOrgWorkshops(orgName: string) {
  return useQuery({
    queryKey: organizationKeys.workshops(orgName),
    queryFn: ({ signal }) => api.call(ORG_API.workshops, { params: { name: orgName } }, { signal }),
  });
}
