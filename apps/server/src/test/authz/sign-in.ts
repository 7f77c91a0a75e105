/** Authorization-matrix rows: single sign-on and two-factor sign-in (auth/sso, auth/two-factor). */

import { signInSettings } from '../two-factor';
import type { AuthzRow } from './core';
import {
  ADMINS,
  allowed,
  EVERYONE,
  publicPost,
  row,
  STAFF,
  SUPER,
  same,
  scopedGet,
  scopedTo,
  unscopedGet,
} from './core';

const badCode = { code: 'not-a-code' };

export const signInRows: AuthzRow[] = [
  // Public: the sign-in steps (an unknown organization, no attempt cookie, no valid challenge).
  row('GET', '/sso/options/:org', { anonymous: 404 }, () => ({ url: '/sso/options/Nowhere' })),
  publicPost('/sso/start', 404, { org: 'Nowhere' }),
  publicPost('/sso/callback', 400, { query: '?code=abc&state=def' }),
  publicPost('/two-factor/verify', 401, { challenge: 'forged', code: '123456' }),
  publicPost('/two-factor/enrol/setup', 401, { challenge: 'forged' }),
  publicPost('/two-factor/enrol/confirm', 401, { challenge: 'forged', code: '123456' }),
  // SAML's public steps: an organization that does not exist, an answer without its form field.
  row('GET', '/saml/:orgId/metadata', { anonymous: 404 }, () => ({ url: '/saml/999999/metadata' })),
  row('POST', '/saml/:orgId/acs', { anonymous: 400 }, () => ({ url: '/saml/999999/acs', payload: {} })),
  row('GET', '/saml/:orgId/slo', { anonymous: 404 }, () => ({ url: '/saml/999999/slo' })),
  // Before signing out, anyone signed in asks where the provider's logout is (null without SAML).
  unscopedGet('/saml/logout-url', EVERYONE),
  // An organization's sign-in settings: its admins, any for a super admin.
  scopedGet('/organizations/:id/sign-in', ADMINS, (side) => `/organizations/${side.org.id}/sign-in`),
  row('PUT', '/organizations/:id/sign-in', scopedTo(ADMINS), (_f, side) => ({
    url: `/organizations/${side.org.id}/sign-in`,
    payload: signInSettings(),
  })),
  scopedGet('/organizations/:id/saml', ADMINS, (side) => `/organizations/${side.org.id}/saml`),
  row('PUT', '/organizations/:id/saml', scopedTo(ADMINS), (_f, side) => ({
    url: `/organizations/${side.org.id}/saml`,
    payload: { enabled: false, idpMetadataUrl: null },
  })),
  unscopedGet('/product-sign-in', SUPER),
  row('PUT', '/product-sign-in', same(allowed(SUPER)), () => ({
    url: '/product-sign-in',
    payload: { requireTwoFactorForStaff: false },
  })),
  // One's own two-factor: every staff member, for themselves (no organization is targeted).
  unscopedGet('/two-factor', STAFF),
  row('POST', '/two-factor/setup', same(allowed(STAFF)), () => ({ url: '/two-factor/setup' })),
  // After the row above each caller has a pending set-up: a wrong code is 400.
  row('POST', '/two-factor/confirm', same(allowed(STAFF, 400)), () => ({
    url: '/two-factor/confirm',
    payload: badCode,
  })),
  // Two-factor is not on for the callers: 409.
  row('POST', '/two-factor/disable', same(allowed(STAFF, 409)), () => ({
    url: '/two-factor/disable',
    payload: badCode,
  })),
];
