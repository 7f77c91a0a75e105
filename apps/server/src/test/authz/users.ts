import { ADMINS, type AuthzRow, allowed, STAFF, SUPER, same, scoped } from './core';
/** Admins and players: lists, search, records, writes, import and export. */
export const userRows: AuthzRow[] = [
  {
    method: 'GET',
    path: '/get-org-admins/:orgId/:page/:size',
    own: allowed(ADMINS),
    other: scoped(ADMINS),
    request: (_f, side) => ({ url: `/get-org-admins/${side.org.id}/1/10` }),
  },
  {
    method: 'GET',
    path: '/get-org-players/:orgId/:page/:size',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: (_f, side) => ({ url: `/get-org-players/${side.org.id}/1/10` }),
  },
  {
    method: 'GET',
    path: '/get-all-admins/:page/:size',
    ...same(allowed(SUPER)),
    request: () => ({ url: '/get-all-admins/1/10' }),
  },
  {
    method: 'GET',
    path: '/get-all-players/:page/:size',
    ...same(allowed(SUPER)),
    request: () => ({ url: '/get-all-players/1/10' }),
  },
  {
    method: 'GET',
    path: '/count-org-admins/:orgId',
    own: allowed(ADMINS),
    other: scoped(ADMINS),
    request: (_f, side) => ({ url: `/count-org-admins/${side.org.id}` }),
  },
  {
    method: 'GET',
    path: '/count-org-players/:orgId',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: (_f, side) => ({ url: `/count-org-players/${side.org.id}` }),
  },
  {
    method: 'GET',
    path: '/count-all-admins',
    ...same(allowed(SUPER)),
    request: () => ({ url: '/count-all-admins' }),
  },
  {
    method: 'GET',
    path: '/count-all-players',
    ...same(allowed(SUPER)),
    request: () => ({ url: '/count-all-players' }),
  },
  // The global searches are scoped inside the query (own organization unless super admin).
  {
    method: 'GET',
    path: '/search-admins/:term',
    ...same(allowed(ADMINS)),
    request: () => ({ url: '/search-admins/Staff' }),
  },
  {
    method: 'GET',
    path: '/search-players/:term',
    ...same(allowed(STAFF)),
    request: () => ({ url: '/search-players/Player' }),
  },
  {
    method: 'GET',
    path: '/search-org-admin/:orgId/:term',
    own: allowed(ADMINS),
    other: scoped(ADMINS),
    request: (_f, side) => ({ url: `/search-org-admin/${side.org.id}/Staff` }),
  },
  {
    method: 'GET',
    path: '/search-org-players/:orgId/:term',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: (_f, side) => ({ url: `/search-org-players/${side.org.id}/Player` }),
  },
  { method: 'GET', path: '/getadmins', ...same(allowed(ADMINS)), request: () => ({ url: '/getadmins' }) },
  {
    method: 'GET',
    path: '/getparticipants',
    ...same(allowed(STAFF)),
    request: () => ({ url: '/getparticipants' }),
  },
  {
    method: 'GET',
    path: '/get-admin-by-id/:id',
    own: allowed(ADMINS),
    other: scoped(ADMINS),
    request: (_f, side) => ({ url: `/get-admin-by-id/${side.facilitatorId}` }),
  },
  {
    method: 'GET',
    path: '/get-player-by-id/:id',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: (_f, side) => ({ url: `/get-player-by-id/${side.playerId}` }),
  },
  {
    method: 'POST',
    path: '/import-players',
    own: allowed(STAFF),
    other: allowed(SUPER),
    request: (f, side) => ({
      url: '/import-players',
      payload: {
        organizationId: side.org.id,
        rows: [{ firstName: 'New', lastName: 'Player', username: f.unique('imported') }],
      },
    }),
  },
  {
    method: 'GET',
    path: '/export-players/:orgId',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: (_f, side) => ({ url: `/export-players/${side.org.id}` }),
  },
  {
    method: 'POST',
    path: '/create-player',
    // Placing a user in another organization is Forbidden for anyone but a super admin.
    own: allowed(STAFF, 201),
    other: allowed(SUPER, 201),
    request: (f, side) => ({
      url: '/create-player',
      payload: {
        firstName: 'New',
        lastName: 'Player',
        username: f.unique('player'),
        organizationId: side.org.id,
      },
    }),
  },
  {
    method: 'POST',
    path: '/create-admin',
    own: allowed(ADMINS, 201),
    other: allowed(SUPER, 201),
    request: (f, side) => ({
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
    }),
  },
  {
    method: 'PATCH',
    path: '/edit-player',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: async (f, side) => ({
      url: '/edit-player',
      payload: {
        id: await f.newPlayer(side),
        firstName: 'Edited',
        lastName: 'Player',
        username: f.unique('edited'),
        organizationId: side.org.id,
      },
    }),
  },
  {
    method: 'PATCH',
    path: '/edit-admin',
    own: allowed(ADMINS),
    other: scoped(ADMINS),
    request: async (f, side) => {
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
    },
  },
  {
    method: 'DELETE',
    path: '/delete-admin/:id',
    own: allowed(ADMINS),
    other: scoped(ADMINS),
    request: async (f, side) => ({ url: `/delete-admin/${(await f.newStaff(side)).id}` }),
  },
  {
    method: 'DELETE',
    path: '/delete-player/:id',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: async (f, side) => ({ url: `/delete-player/${await f.newPlayer(side)}` }),
  },
];
