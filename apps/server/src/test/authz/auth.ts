/** Authorization-matrix rows: foundation: auth, expiry, rooms read path, public settings. */
import { randomUUID } from 'node:crypto';
import { type AuthzRow, EVERYONE, enc, STAFF, scopedGet } from './core';
/** Sign-in, sessions, the licence check, public settings and the rooms read path. */
export const authRows: AuthzRow[] = [
  {
    method: 'POST',
    path: '/login',
    anonymous: 401,
    request: () => ({ url: '/login', payload: { email: 'nobody@example.com', password: 'wrong password' } }),
  },
  {
    method: 'POST',
    path: '/participantLogin',
    anonymous: 404,
    request: () => ({
      url: '/participantLogin',
      payload: { username: `nobody-${randomUUID()}`, org: 'Nowhere' },
    }),
  },
  {
    method: 'POST',
    path: '/refresh',
    anonymous: 401,
    request: () => ({ url: '/refresh', headers: { 'x-requested-with': 'playshop' } }),
  },
  { method: 'POST', path: '/logout', anonymous: 204, request: () => ({ url: '/logout' }) },
  {
    method: 'POST',
    path: '/requestReset',
    anonymous: 200,
    request: () => ({ url: '/requestReset', payload: { email: 'nobody@example.com' } }),
  },
  {
    method: 'POST',
    path: '/resetPassword',
    anonymous: 400,
    request: () => ({ url: '/resetPassword', payload: { password: 'long enough password', token: 'nope' } }),
  },
  { method: 'GET', path: '/public-settings', anonymous: 200, request: () => ({ url: '/public-settings' }) },
  scopedGet('/check-org-expiry/:orgId', EVERYONE, (side) => `/check-org-expiry/${side.org.id}`),
  scopedGet('/get-org-workshops/:name', STAFF, (side) => `/get-org-workshops/${enc(side.org.name)}`),
  scopedGet('/getroomsbyorgname/:org', EVERYONE, (side) => `/getroomsbyorgname/${enc(side.org.name)}`),
  scopedGet('/getroombyid/:id', EVERYONE, (side) => `/getroombyid/${side.roomId}`),
];
