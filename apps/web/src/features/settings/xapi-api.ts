import { type OrgXapiUpdate, XAPI_API, type XapiTest } from '@playshop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

const xapiKey = (orgId: number) => ['org-xapi', orgId];

/** An organization's learning record store (xAPI) and its queue (its admins, or a super admin). */
export function useOrgXapi(orgId: number) {
  return useQuery({
    queryKey: xapiKey(orgId),
    queryFn: ({ signal }) => api.call(XAPI_API.settings, { params: { id: orgId } }, { signal }),
  });
}

export function useSaveOrgXapi(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrgXapiUpdate) =>
      api.call(XAPI_API.saveSettings, { params: { id: orgId }, body }, { notify: false }),
    onSuccess: (saved) => client.setQueryData(xapiKey(orgId), saved),
  });
}

/** Sends a test statement with the form's values: the reply says what the store answered. */
export function useTestOrgXapi(orgId: number) {
  return useMutation({
    mutationFn: (body: XapiTest) =>
      api.call(XAPI_API.test, { params: { id: orgId }, body }, { notify: false }),
  });
}
