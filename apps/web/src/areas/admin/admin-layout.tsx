import { Outlet, useParams } from 'react-router';
import { OrgExpiryGate } from '../../features/organizations/org-expiry-gate';
import { useT } from '../../i18n/locale-provider';
import { AppFrame } from '../../layout/app-frame';
import { SideNav } from '../../layout/side-nav';

/** {org}/admin/*: the organization-expiry check, then the AppShell with the admin side navigation. */
export function AdminLayout() {
  const org = useParams().org ?? '';
  const t = useT();
  return (
    <AppFrame
      navLabel={t('admin.navLabel')}
      nav={<SideNav area="admin" basePath={`/${encodeURIComponent(org)}/admin`} orgName={org} />}
    >
      <OrgExpiryGate>
        <Outlet />
      </OrgExpiryGate>
    </AppFrame>
  );
}
