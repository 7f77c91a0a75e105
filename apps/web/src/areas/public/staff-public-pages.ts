import type { ComponentType } from 'react';
import { SsoCallbackPage } from '../../features/sign-in/sso-callback-page';
import { TwoFactorStepPage } from '../../features/sign-in/two-factor-step-page';
import { AdminLoginPage } from './admin-login-page';
import { RequestResetPage } from './request-reset-page';
import { ResetPasswordPage } from './reset-password-page';
import type { STAFF_PUBLIC_PATHS } from './staff-public-paths';
import { UnauthorizedPage } from './unauthorized-page';

/**
 * The staff's public pages by path, one chunk for all: the entry chunk every phone downloads holds
 * only their paths (public-routes.tsx), not a route and a chunk per page.
 */
export const STAFF_PUBLIC_PAGES: Record<(typeof STAFF_PUBLIC_PATHS)[number], ComponentType> = {
  'admin-login': AdminLoginPage,
  requestReset: RequestResetPage,
  'reset-password': ResetPasswordPage,
  unauthorized: UnauthorizedPage,
  'sso/callback': SsoCallbackPage,
  'two-factor-sign-in': TwoFactorStepPage,
};
