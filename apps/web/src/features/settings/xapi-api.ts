import { XAPI_API, type XapiTest } from '@playshop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/api';
import { useOrgSettingsQuery, useSaveOrgSettings } from '../../api/org-settings';

const xapiKey = (orgId: number) => ['org-xapi', orgId];

/** An organization's learning record store (xAPI) and its queue (its admins, or a super admin). */
export function useOrgXapi(orgId: number) {
  return useOrgSettingsQuery(xapiKey(orgId), XAPI_API.settings, orgId);
}

export function useSaveOrgXapi(orgId: number) {
  return useSaveOrgSettings(xapiKey(orgId), XAPI_API.saveSettings, orgId);
}

/** Sends a test statement with the form's values: the reply says what the store answered. */
export function useTestOrgXapi(orgId: number) {
  return useMutation({
    mutationFn: (body: XapiTest) =>
      api.call(XAPI_API.test, { params: { id: orgId }, body }, { notify: false }),
  });
}
