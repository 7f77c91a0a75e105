import { Outlet, useParams } from 'react-router';
import { OrgExpiryGate } from '../../features/organizations/org-expiry-gate';
import { useT } from '../../i18n/locale-provider';
import { AppFrame } from '../../layout/app-frame';
import { SideNav } from '../../layout/side-nav';

/** {org}/facilitator/online/*: the web-based game area with its side navigation. */
export function FacilitatorLayout() {
  const org = useParams().org ?? '';
  const t = useT();
  return (
    <AppFrame
      navLabel={t('facilitator.navLabel')}
      nav={
        <SideNav
          area="facilitator"
          basePath={`/${encodeURIComponent(org)}/facilitator/online`}
          orgName={org}
        />
      }
    >
      <OrgExpiryGate>
        <Outlet />
      </OrgExpiryGate>
    </AppFrame>
  );
}

/** The rest of {org}/facilitator (entry choice, traditional delivery): no side navigation. */
export function FacilitatorFrame() {
  return (
    <AppFrame>
      <OrgExpiryGate>
        <Outlet />
      </OrgExpiryGate>
    </AppFrame>
  );
}
