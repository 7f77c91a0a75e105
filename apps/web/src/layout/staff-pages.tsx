import { Outlet } from 'react-router';
import { PageLoader } from '../ui/page-loader';
import { useStaffScreen } from './use-staff-screen';

/**
 * The public pages staff use (organization login, two-factor, single sign-on, password reset,
 * /unauthorized): their page once the staff catalogue is in.
 */
export function StaffPages() {
  return useStaffScreen() ? <Outlet /> : <PageLoader />;
}
