/** Authorization-matrix rows: foundation: auth, expiry, rooms read path, public settings. */
import { randomUUID } from 'node:crypto';
import type { AuthzRow } from './core';
import { ADMINS, allowed, EVERYONE, enc, publicPost, row, STAFF, same, scopedGet, scopedTo } from './core';
/** Sign-in, sessions, the licence check, public settings and the rooms read path. */
export const authRows: AuthzRow[] = [
  publicPost('/login', 401, { email: 'nobody@example.com', password: 'wrong password' }),
  row('POST', '/participantLogin', { anonymous: 404 }, () => ({
    url: '/participantLogin',
    payload: { username: `nobody-${randomUUID()}`, org: 'Nowhere' },
  })),
  row('POST', '/refresh', { anonymous: 401 }, () => ({
    url: '/refresh',
    headers: { 'x-requested-with': 'playshop' },
  })),
  publicPost('/logout', 204),
  publicPost('/requestReset', 200, { email: 'nobody@example.com' }),
  publicPost('/resetPassword', 400, { password: 'long enough password', token: 'nope' }),
  row('GET', '/public-settings', { anonymous: 200 }, () => ({ url: '/public-settings' })),
  scopedGet('/check-org-expiry/:orgId', EVERYONE, (side) => `/check-org-expiry/${side.org.id}`),
  scopedGet('/get-org-workshops/:name', STAFF, (side) => `/get-org-workshops/${enc(side.org.name)}`),
  scopedGet('/getroomsbyorgname/:org', EVERYONE, (side) => `/getroomsbyorgname/${enc(side.org.name)}`),
  scopedGet('/getroombyid/:id', EVERYONE, (side) => `/getroombyid/${side.roomId}`),
  // "Where you're signed in": the caller's own sessions (a session id not theirs is not found).
  row('GET', '/sessions', same(allowed(STAFF)), () => ({ url: '/sessions' })),
  row('POST', '/sessions/:id/end', same(allowed(STAFF, 404)), () => ({
    url: `/sessions/${randomUUID()}/end`,
  })),
  row('POST', '/sessions/end-others', same(allowed(STAFF)), () => ({ url: '/sessions/end-others' })),
  row('POST', '/users/:id/sessions/end', scopedTo(ADMINS), async (f, side) => ({
    url: `/users/${await f.newPlayer(side)}/sessions/end`,
  })),
];
