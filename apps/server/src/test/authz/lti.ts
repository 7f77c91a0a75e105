/** Authorization-matrix rows: LTI 1.3 (lti/): the public launch steps, and Settings › LTI. */

import { ltiPlatforms } from '../../db/schema';
import type { AuthzRow, MatrixFixture, OrgSide } from './core';
import { ADMINS, row, scopedGet, scopedTo } from './core';

const url = (side: OrgSide) => `/organizations/${side.org.id}/lti`;
/** A platform's registration with a client id no other call has used. */
const registration = (f: MatrixFixture) => ({
  issuer: 'https://lms.example.org',
  clientId: f.unique('lti-client'),
  deploymentIds: ['1'],
  authUrl: 'https://lms.example.org/auth',
  tokenUrl: 'https://lms.example.org/token',
  jwksUrl: 'https://lms.example.org/jwks',
});
/** A platform of `side`, made for this call (a removal takes it). */
async function newPlatform(f: MatrixFixture, side: OrgSide) {
  const [made] = await f.database.db
    .insert(ltiPlatforms)
    .values({ orgId: side.org.id, ...registration(f) })
    .returning({ id: ltiPlatforms.id });
  return `${url(side)}/platforms/${made!.id}`;
}

export const ltiRows: AuthzRow[] = [
  // Public: the keyset, and the launch steps refusing a call without what a platform sends.
  row('GET', '/lti/jwks', { anonymous: 200 }, () => ({ url: '/lti/jwks' })),
  row('GET', '/lti/:orgId/login', { anonymous: 400 }, () => ({ url: '/lti/999999/login' })),
  ...['login', 'launch', 'deep-link'].map((step) =>
    row('POST', `/lti/:orgId/${step}`, { anonymous: 400 }, () => ({
      url: `/lti/999999/${step}`,
      payload: {},
    })),
  ),
  scopedGet('/organizations/:id/lti', ADMINS, url),
  row('POST', '/organizations/:id/lti/platforms', scopedTo(ADMINS), (f, side) => ({
    url: `${url(side)}/platforms`,
    payload: registration(f),
  })),
  row('PUT', '/organizations/:id/lti/platforms/:platformId', scopedTo(ADMINS), async (f, side) => ({
    url: await newPlatform(f, side),
    payload: registration(f),
  })),
  row('DELETE', '/organizations/:id/lti/platforms/:platformId', scopedTo(ADMINS), async (f, side) => ({
    url: await newPlatform(f, side),
  })),
];
