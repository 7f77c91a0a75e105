import type { AuthzRow } from './core';
import { ADMINS, allowed, row, STAFF, SUPER, same, scoped, scopedGet, scopedTo, unscopedGet } from './core';
/** Admins and players: lists, search, records, writes, import and export. */
export const userRows: AuthzRow[] = [
  scopedGet('/get-org-admins/:orgId/:page/:size', ADMINS, (side) => `/get-org-admins/${side.org.id}/1/10`),
  scopedGet('/get-org-players/:orgId/:page/:size', STAFF, (side) => `/get-org-players/${side.org.id}/1/10`),
  unscopedGet('/get-all-admins/:page/:size', SUPER, '/get-all-admins/1/10'),
  unscopedGet('/get-all-players/:page/:size', SUPER, '/get-all-players/1/10'),
  scopedGet('/count-org-admins/:orgId', ADMINS, (side) => `/count-org-admins/${side.org.id}`),
  scopedGet('/count-org-players/:orgId', STAFF, (side) => `/count-org-players/${side.org.id}`),
  unscopedGet('/count-all-admins', SUPER),
  unscopedGet('/count-all-players', SUPER),
  // The global searches are scoped inside the query (own organization unless super admin).
  unscopedGet('/search-admins/:term', ADMINS, '/search-admins/Staff'),
  unscopedGet('/search-players/:term', STAFF, '/search-players/Player'),
  scopedGet('/search-org-admin/:orgId/:term', ADMINS, (side) => `/search-org-admin/${side.org.id}/Staff`),
  scopedGet('/search-org-players/:orgId/:term', STAFF, (side) => `/search-org-players/${side.org.id}/Player`),
  unscopedGet('/getadmins', ADMINS),
  // One's own language: every staff member, for themselves (no organization is targeted).
  row('PUT', '/account/language', same(allowed(STAFF)), () => ({
    url: '/account/language',
    payload: { language: 'de' },
  })),
  unscopedGet('/getparticipants', STAFF),
  scopedGet('/get-admin-by-id/:id', ADMINS, (side) => `/get-admin-by-id/${side.facilitatorId}`),
  scopedGet('/get-player-by-id/:id', STAFF, (side) => `/get-player-by-id/${side.playerId}`),
  row('POST', '/import-players', scopedTo(STAFF), (f, side) => ({
    url: '/import-players',
    payload: {
      organizationId: side.org.id,
      rows: [{ firstName: 'New', lastName: 'Player', username: f.unique('imported') }],
    },
  })),
  scopedGet('/export-players/:orgId', STAFF, (side) => `/export-players/${side.org.id}`),
  // Placing a user in another organization is Not Found for anyone but a super admin.
  row('POST', '/create-player', { own: allowed(STAFF, 201), other: scoped(STAFF, 201) }, (f, side) => ({
    url: '/create-player',
    payload: {
      firstName: 'New',
      lastName: 'Player',
      username: f.unique('player'),
      organizationId: side.org.id,
    },
  })),
  row('POST', '/create-admin', { own: allowed(ADMINS, 201), other: scoped(ADMINS, 201) }, (f, side) => ({
    url: '/create-admin',
    payload: {
      firstName: 'New',
      lastName: 'Staff',
      email: `${f.unique('staff').replace(/ /g, '-').toLowerCase()}@example.com`,
      role: 'FACILITATOR',
      organizationId: side.org.id,
      password: 'long enough password',
      confirmPassword: 'long enough password',
    },
  })),
  row('PATCH', '/edit-player', scopedTo(STAFF), async (f, side) => ({
    url: '/edit-player',
    payload: {
      id: await f.newPlayer(side),
      firstName: 'Edited',
      lastName: 'Player',
      username: f.unique('edited'),
      organizationId: side.org.id,
    },
  })),
  row('PATCH', '/edit-admin', scopedTo(ADMINS), async (f, side) => {
    const staff = await f.newStaff(side);
    return {
      url: '/edit-admin',
      payload: {
        id: staff.id,
        firstName: 'Edited',
        lastName: 'Staff',
        email: staff.email,
        role: 'FACILITATOR',
        organizationId: side.org.id,
      },
    };
  }),
  row('DELETE', '/delete-admin/:id', scopedTo(ADMINS), async (f, side) => ({
    url: `/delete-admin/${(await f.newStaff(side)).id}`,
  })),
  row('DELETE', '/delete-player/:id', scopedTo(STAFF), async (f, side) => ({
    url: `/delete-player/${await f.newPlayer(side)}`,
  })),
];
