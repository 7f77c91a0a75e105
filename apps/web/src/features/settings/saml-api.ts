import { type OrgSamlUpdate, SAML_API } from '@playshop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

/** Query keys of an organization's SAML settings. */
export const samlKeys = { org: (orgId: number) => ['org-saml', orgId] as const };

/** An organization's SAML single sign-on (its admins, or a super admin). */
export function useOrgSaml(orgId: number) {
  return useQuery({
    queryKey: samlKeys.org(orgId),
    queryFn: ({ signal }) => api.call(SAML_API.settings, { params: { id: orgId } }, { signal }),
  });
}

export function useSaveOrgSaml(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrgSamlUpdate) =>
      api.call(SAML_API.saveSettings, { params: { id: orgId }, body }, { notify: false }),
    onSuccess: (saved) => client.setQueryData(samlKeys.org(orgId), saved),
  });
}
