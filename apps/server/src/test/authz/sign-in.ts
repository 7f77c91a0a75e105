/** Authorization-matrix rows: single sign-on and two-factor sign-in (auth/sso, auth/two-factor). */

import { signInSettings } from '../two-factor';
import { ADMINS, type AuthzRow, allowed, STAFF, SUPER, same, scoped, scopedGet, unscopedGet } from './core';

const badCode = { code: 'not-a-code' };

export const signInRows: AuthzRow[] = [
  // Public: the sign-in steps (an unknown organization, no attempt cookie, no valid challenge).
  {
    method: 'GET',
    path: '/sso/options/:org',
    anonymous: 404,
    request: () => ({ url: '/sso/options/Nowhere' }),
  },
  {
    method: 'POST',
    path: '/sso/start',
    anonymous: 404,
    request: () => ({ url: '/sso/start', payload: { org: 'Nowhere' } }),
  },
  {
    method: 'POST',
    path: '/sso/callback',
    anonymous: 400,
    request: () => ({ url: '/sso/callback', payload: { query: '?code=abc&state=def' } }),
  },
  {
    method: 'POST',
    path: '/two-factor/verify',
    anonymous: 401,
    request: () => ({ url: '/two-factor/verify', payload: { challenge: 'forged', code: '123456' } }),
  },
  {
    method: 'POST',
    path: '/two-factor/enrol/setup',
    anonymous: 401,
    request: () => ({ url: '/two-factor/enrol/setup', payload: { challenge: 'forged' } }),
  },
  {
    method: 'POST',
    path: '/two-factor/enrol/confirm',
    anonymous: 401,
    request: () => ({ url: '/two-factor/enrol/confirm', payload: { challenge: 'forged', code: '123456' } }),
  },
  // An organization's sign-in settings: its admins, any for a super admin.
  scopedGet('/organizations/:id/sign-in', ADMINS, (side) => `/organizations/${side.org.id}/sign-in`),
  {
    method: 'PUT',
    path: '/organizations/:id/sign-in',
    own: allowed(ADMINS),
    other: scoped(ADMINS),
    request: (_f, side) => ({
      url: `/organizations/${side.org.id}/sign-in`,
      payload: signInSettings(),
    }),
  },
  unscopedGet('/product-sign-in', SUPER),
  {
    method: 'PUT',
    path: '/product-sign-in',
    ...same(allowed(SUPER)),
    request: () => ({ url: '/product-sign-in', payload: { requireTwoFactorForStaff: false } }),
  },
  // One's own two-factor: every staff member, for themselves (no organization is targeted).
  unscopedGet('/two-factor', STAFF),
  {
    method: 'POST',
    path: '/two-factor/setup',
    ...same(allowed(STAFF)),
    request: () => ({ url: '/two-factor/setup' }),
  },
  // After the row above each caller has a pending set-up: a wrong code is 400.
  {
    method: 'POST',
    path: '/two-factor/confirm',
    ...same(allowed(STAFF, 400)),
    request: () => ({ url: '/two-factor/confirm', payload: badCode }),
  },
  // Two-factor is not on for the callers: 409.
  {
    method: 'POST',
    path: '/two-factor/disable',
    ...same(allowed(STAFF, 409)),
    request: () => ({ url: '/two-factor/disable', payload: badCode }),
  },
];
