import type { RouteObject } from 'react-router';
import { guarded, lazyRoute } from '../../route-helpers';

/**
 * Public: one's own two-factor sign-in. The single sign-on callback and the two-factor step of the
 * organization login are among the staff's public pages (areas/public/staff-public-pages.ts).
 */
export const signInPublicRoutes: RouteObject[] = [
  // One's own two-factor sign-in: every staff member, outside the admin and facilitator areas.
  guarded('manageOwnSignIn', [
    lazyRoute(
      'two-factor',
      () => import('./two-factor-page'),
      (m) => m.TwoFactorPage,
    ),
  ]),
];
