import { AreaLayout } from '../../layout/side-nav';

/** {org}/admin/*: the organization-expiry check, then the AppShell with the admin side navigation. */
export const AdminLayout = () => <AreaLayout area="admin" />;
