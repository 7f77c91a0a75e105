import { guarded, lazyRoute } from '../../route-helpers';

/**
 * Public: one's own two-factor sign-in, for every staff member, outside the admin and facilitator
 * areas. The single sign-on callback and the two-factor step of the organization login are among the
 * staff's public pages (areas/public/staff-public-pages.ts).
 */
export const signInPublicRoutes = [
  guarded('manageOwnSignIn', [lazyRoute('two-factor', () => import('./two-factor-page'), 'TwoFactorPage')]),
];
