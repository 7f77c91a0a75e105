import { type OrgSignInUpdate, type ProductSignIn, SSO_API, TWO_FACTOR_API } from '@playshop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';

const orgKey = (orgId: number) => ['org-sign-in', orgId];
const productKey = ['product-sign-in'];

/** An organization's SSO and two-factor settings (its admins, or a super admin). */
export function useOrgSignIn(orgId: number) {
  return useQuery({
    queryKey: orgKey(orgId),
    queryFn: ({ signal }) => api.call(SSO_API.settings, { params: { id: orgId } }, { signal }),
  });
}

export function useSaveOrgSignIn(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrgSignInUpdate) =>
      api.call(SSO_API.saveSettings, { params: { id: orgId }, body }, { notify: false }),
    onSuccess: (saved) => client.setQueryData(orgKey(orgId), saved),
  });
}

export function useProductSignIn(enabled: boolean) {
  return useQuery({
    queryKey: productKey,
    enabled,
    queryFn: ({ signal }) => api.call(TWO_FACTOR_API.productPolicy, {}, { signal }),
  });
}

export function useSaveProductSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductSignIn) => api.call(TWO_FACTOR_API.saveProductPolicy, { body }),
    onSuccess: (saved) => client.setQueryData(productKey, saved),
  });
}
