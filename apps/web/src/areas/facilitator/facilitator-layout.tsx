import { Outlet } from 'react-router';
import { OrgExpiryGate } from '../../features/organizations/org-expiry-gate';
import { AppFrame } from '../../layout/app-frame';
import { AreaLayout } from '../../layout/side-nav';

/** {org}/facilitator/online/*: the web-based game area with its side navigation. */
export const FacilitatorLayout = () => <AreaLayout area="facilitator" />;

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
