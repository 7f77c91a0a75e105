import { type OrgSamlUpdate, SAML_API } from '@playshop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

const samlKey = (orgId: number) => ['org-saml', orgId];

/** An organization's SAML single sign-on (its admins, or a super admin). */
export function useOrgSaml(orgId: number) {
  return useQuery({
    queryKey: samlKey(orgId),
    queryFn: ({ signal }) => api.call(SAML_API.settings, { params: { id: orgId } }, { signal }),
  });
}

export function useSaveOrgSaml(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrgSamlUpdate) =>
      api.call(SAML_API.saveSettings, { params: { id: orgId }, body }, { notify: false }),
    onSuccess: (saved) => client.setQueryData(samlKey(orgId), saved),
  });
}

/**
 * Before signing out: the identity provider's single logout address if this session began with a
 * SAML sign-in at a provider that offers it (null otherwise, or when it cannot be asked).
 */
export const samlLogoutUrl = (): Promise<string | null> =>
  api.call(SAML_API.logout, {}, { notify: false }).then(
    (reply) => reply.logoutUrl,
    () => null,
  );
