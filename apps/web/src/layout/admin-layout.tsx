import { Outlet, useParams } from 'react-router';
import { OrgExpiryGate } from '../auth/org-expiry-gate';
import { AppFrame } from './app-frame';
import { SideNav } from './side-nav';

/** {org}/admin/*: the organization-expiry check, then the AppShell with the admin side navigation. */
export function AdminLayout() {
  const org = useParams().org ?? '';
  return (
    <AppFrame
      navLabel="Admin"
      nav={<SideNav area="admin" basePath={`/${encodeURIComponent(org)}/admin`} orgName={org} />}
    >
      <OrgExpiryGate>
        <Outlet />
      </OrgExpiryGate>
    </AppFrame>
  );
}
