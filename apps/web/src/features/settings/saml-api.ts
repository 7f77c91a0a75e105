import { SAML_API } from '@playshop/shared';
import { useOrgSettingsQuery, useSaveOrgSettings } from '../../api/org-settings';

/** Query keys of an organization's SAML settings. */
export const samlKeys = { org: (orgId: number) => ['org-saml', orgId] as const };

/** An organization's SAML single sign-on (its admins, or a super admin). */
export function useOrgSaml(orgId: number) {
  return useOrgSettingsQuery(samlKeys.org(orgId), SAML_API.settings, orgId);
}

export function useSaveOrgSaml(orgId: number) {
  return useSaveOrgSettings(samlKeys.org(orgId), SAML_API.saveSettings, orgId);
}
