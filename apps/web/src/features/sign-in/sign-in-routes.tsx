import type { RouteObject } from 'react-router';
import { guarded, lazyRoute } from '../../route-helpers';

/** Public: the single sign-on callback and the two-factor step of the organization login. */
export const signInPublicRoutes: RouteObject[] = [
  lazyRoute(
    'sso/callback',
    () => import('./sso-callback-page'),
    (m) => m.SsoCallbackPage,
  ),
  lazyRoute(
    'two-factor-sign-in',
    () => import('./two-factor-step-page'),
    (m) => m.TwoFactorStepPage,
  ),
  // One's own two-factor sign-in: every staff member, outside the admin and facilitator areas.
  guarded('manageOwnSignIn', [
    lazyRoute(
      'two-factor',
      () => import('./two-factor-page'),
      (m) => m.TwoFactorPage,
    ),
  ]),
];
