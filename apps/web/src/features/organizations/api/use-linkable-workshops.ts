import { ORG_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { organizationKeys } from './keys';

/** Workshops not yet linked to the organization: the choices of 'Add workshop'. */
export function useLinkableWorkshops(orgId: number) {
  return useQuery({
    queryKey: organizationKeys.linkableWorkshops(orgId),
    queryFn: ({ signal }) => api.call(ORG_API.linkableWorkshops, { params: { orgId } }, { signal }),
  });
}
