/** Authorization-matrix rows: foundation: auth, expiry, rooms read path, public settings. */
import { randomUUID } from 'node:crypto';
import { type AuthzRow, allowed, EVERYONE, enc, STAFF, scoped } from './core';
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
  {
    method: 'GET',
    path: '/check-org-expiry/:orgId',
    own: allowed(EVERYONE),
    other: scoped(EVERYONE),
    request: (_f, side) => ({ url: `/check-org-expiry/${side.org.id}` }),
  },
  {
    method: 'GET',
    path: '/get-org-workshops/:name',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: (_f, side) => ({ url: `/get-org-workshops/${enc(side.org.name)}` }),
  },
  {
    method: 'GET',
    path: '/getroomsbyorgname/:org',
    own: allowed(EVERYONE),
    other: scoped(EVERYONE),
    request: (_f, side) => ({ url: `/getroomsbyorgname/${enc(side.org.name)}` }),
  },
  {
    method: 'GET',
    path: '/getroombyid/:id',
    own: allowed(EVERYONE),
    other: scoped(EVERYONE),
    request: (_f, side) => ({ url: `/getroombyid/${side.roomId}` }),
  },
];
