/**
 * THE AUTHORIZATION MATRIX: one row per route under /api/v1, the guard against cross-tenant leaks.
 *
 * EVERY DOMAIN ADDS ITS ROWS HERE. `authz-matrix.test.ts` lists every route the app registers and
 * fails, naming them, for any route without a row (and for any row whose route is gone). It then calls
 * each route as every role, for the caller's own organization and for another one, plus once without
 * a token, and compares the status with the row.
 *
 * A row says:
 * - `own` / `other`: the status each role gets when the request targets the caller's organization /
 *   another organization (for routes that target no organization, give both the same). Build them with
 *   `allowed(roles)` (others 403) and `scoped(roles)` (super admin allowed, other allowed roles 404:
 *   another tenant's data is 'Not Found', never shown).
 * - `anonymous`: only for public routes (`config: { public: true }`): the status without a token.
 *   Every other route must answer 401 without one; the test checks that too.
 * - `request(f, side)`: the call to make. `side` is the targeted organization's fixture. Requests that
 *   destroy something must create a fresh target each time (the row runs ten times).
 */
import { randomUUID } from 'node:crypto';
import { ROLES, type Role } from '@playshop/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { categories, organizations, orgWorkshops, rooms, sessions, workshops } from '../db/schema';
import type { Storage } from '../storage/storage';
import { contentRows } from './authz-matrix-content';
import { materialsRows } from './authz-matrix-materials';
import { printedCardRows } from './authz-matrix-printed-cards';
import { trainingRows } from './authz-matrix-training';
import { createOrg, createUser } from './context';

export type Expect = Record<Role, number>;

export interface OrgSide {
  org: { id: number; name: string };
  /** A workshop linked to this organization (with one session), and a room using it. */
  workshopId: number;
  roomId: number;
  /** People of this organization, to read and change. */
  adminId: number;
  facilitatorId: number;
  playerId: number;
}

export interface MatrixFixture {
  database: Database;
  /** The app's file store (materials rows put files in it). */
  storage: Storage;
  /** The callers' organization: every role signs in as a user of it (the super admin too). */
  own: OrgSide;
  /** Another tenant. */
  other: OrgSide;
  /** A workshop linked to neither organization. */
  freeWorkshopId: number;
  /** A name no other call has used. */
  unique: (prefix: string) => string;
  /** A fresh player / facilitator of `side`, for calls that change or delete one. */
  newPlayer: (side: OrgSide) => Promise<number>;
  newStaff: (side: OrgSide, role?: Role) => Promise<{ id: number; email: string }>;
  /** A fresh organization with no users, for deletes. */
  newEmptyOrg: () => Promise<number>;
  newCategory: () => Promise<number>;
  newWorkshop: () => Promise<number>;
  /** Links a fresh workshop to `side` and returns its id, for unlinking. */
  newLink: (side: OrgSide) => Promise<number>;
}

export interface MatrixRequest {
  url: string;
  payload?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface AuthzRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as registered below /api/v1, with `:params`. */
  path: string;
  own?: Expect;
  other?: Expect;
  /** Public routes only: the status of an anonymous call. */
  anonymous?: number;
  request: (f: MatrixFixture, side: OrgSide) => MatrixRequest | Promise<MatrixRequest>;
}

/** The listed roles get `status`, everyone else 403. */
export function allowed(roles: readonly Role[], status = 200): Expect {
  return Object.fromEntries(ROLES.map((role) => [role, roles.includes(role) ? status : 403])) as Expect;
}

/** Another organization's resource: a super admin gets `status`, other allowed roles 404, the rest 403. */
export function scoped(roles: readonly Role[], status = 200): Expect {
  return Object.fromEntries(
    ROLES.map((role) => [role, !roles.includes(role) ? 403 : role === 'SUPER_ADMIN' ? status : 404]),
  ) as Expect;
}

/** Same answer whichever organization is targeted (the route targets none). */
const same = (expect: Expect) => ({ own: expect, other: expect });

const SUPER: readonly Role[] = ['SUPER_ADMIN'];
const ADMINS: readonly Role[] = ['SUPER_ADMIN', 'ADMIN'];
const STAFF: readonly Role[] = ['SUPER_ADMIN', 'ADMIN', 'FACILITATOR'];
const EVERYONE: readonly Role[] = ROLES;
const enc = encodeURIComponent;

// ---------------------------------------------------------------------------------------------
// Foundation: auth, expiry, rooms read path, public settings
// ---------------------------------------------------------------------------------------------
const foundationRows: AuthzRow[] = [
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

// ---------------------------------------------------------------------------------------------
// Organizations
// ---------------------------------------------------------------------------------------------
const organizationRows: AuthzRow[] = [
  {
    method: 'GET',
    path: '/get-org-by-name/:name',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: (_f, side) => ({ url: `/get-org-by-name/${enc(side.org.name)}` }),
  },
  {
    method: 'GET',
    path: '/get-org-by-id/:id',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: (_f, side) => ({ url: `/get-org-by-id/${side.org.id}` }),
  },
  // Everyone allowed sees a list; what it holds is scoped (tested in orgs.test.ts).
  { method: 'GET', path: '/get-orgs', ...same(allowed(STAFF)), request: () => ({ url: '/get-orgs' }) },
  { method: 'GET', path: '/count-orgs', ...same(allowed(SUPER)), request: () => ({ url: '/count-orgs' }) },
  {
    method: 'GET',
    path: '/get-paginated-orgs/:page/:size',
    ...same(allowed(SUPER)),
    request: () => ({ url: '/get-paginated-orgs/1/10' }),
  },
  {
    method: 'GET',
    path: '/search-orgs/:term',
    ...same(allowed(SUPER)),
    request: (_f, side) => ({ url: `/search-orgs/${enc(side.org.name)}` }),
  },
  {
    method: 'POST',
    path: '/create-organization',
    ...same(allowed(SUPER, 201)),
    request: (f) => ({ url: '/create-organization', payload: { name: f.unique('New Org') } }),
  },
  {
    method: 'PATCH',
    path: '/edit-org',
    // An admin may change the General fields of their own organization only.
    own: allowed(ADMINS),
    other: scoped(ADMINS),
    request: (_f, side) => ({ url: '/edit-org', payload: { id: side.org.id, phone: '555 0100' } }),
  },
  {
    method: 'DELETE',
    path: '/delete-organization/:id',
    ...same(allowed(SUPER)),
    request: async (f) => ({ url: `/delete-organization/${await f.newEmptyOrg()}` }),
  },
  {
    method: 'GET',
    path: '/get-linkable-workshops/:orgId',
    ...same(allowed(SUPER)),
    request: (_f, side) => ({ url: `/get-linkable-workshops/${side.org.id}` }),
  },
  {
    method: 'POST',
    path: '/create-org-to-workshop',
    ...same(allowed(SUPER, 201)),
    request: async (f, side) => ({
      url: '/create-org-to-workshop',
      payload: { orgId: side.org.id, workshopId: await f.newWorkshop() },
    }),
  },
  {
    method: 'DELETE',
    path: '/delete-org-workshop/:orgId/:workshopId',
    ...same(allowed(SUPER)),
    request: async (f, side) => ({ url: `/delete-org-workshop/${side.org.id}/${await f.newLink(side)}` }),
  },
];

// ---------------------------------------------------------------------------------------------
// Users: admins and players
// ---------------------------------------------------------------------------------------------
const userRows: AuthzRow[] = [
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

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------
const categoryRows: AuthzRow[] = [
  {
    method: 'GET',
    path: '/getcategories',
    ...same(allowed(STAFF)),
    request: () => ({ url: '/getcategories' }),
  },
  {
    method: 'POST',
    path: '/createcategory',
    ...same(allowed(SUPER, 201)),
    request: (f) => ({ url: '/createcategory', payload: { name: f.unique('Category') } }),
  },
  {
    method: 'POST',
    path: '/deletecategory/:id',
    ...same(allowed(SUPER)),
    request: async (f) => ({ url: `/deletecategory/${await f.newCategory()}` }),
  },
];

// ---------------------------------------------------------------------------------------------
// Rooms and the live game: the writes and the room session
// ---------------------------------------------------------------------------------------------
const newRoom = async (f: MatrixFixture, side: OrgSide) =>
  (
    await f.database.db
      .insert(rooms)
      .values({ name: f.unique('Room'), orgId: side.org.id, workshopId: side.workshopId })
      .returning({ id: rooms.id })
  )[0]!.id;

const roomRows: AuthzRow[] = [
  {
    method: 'POST',
    path: '/createroom',
    own: allowed(ADMINS),
    // Another organization's workshop is not found by an admin; a super admin may use any workshop.
    other: scoped(ADMINS),
    request: (f, side) => ({
      url: '/createroom',
      payload: { name: f.unique('Room'), workshopId: side.workshopId },
    }),
  },
  {
    method: 'DELETE',
    path: '/deleteroom/:id',
    own: allowed(ADMINS),
    other: scoped(ADMINS),
    request: async (f, side) => ({ url: `/deleteroom/${await newRoom(f, side)}` }),
  },
  {
    method: 'POST',
    path: '/check-and-create-room-session',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: (_f, side) => ({
      url: '/check-and-create-room-session',
      payload: { roomSession: { roomId: side.roomId } },
    }),
  },
  {
    method: 'PATCH',
    path: '/update-room-session',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: async (f, side) => {
      const [session] = await f.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.workshopId, side.workshopId))
        .limit(1);
      return { url: '/update-room-session', payload: { roomId: side.roomId, currentSectionId: session!.id } };
    },
  },
  {
    method: 'GET',
    path: '/get-room-report/:id',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: (_f, side) => ({ url: `/get-room-report/${side.roomId}` }),
  },
  // Joining: codes are public to whoever holds one; a room's code is its staff's.
  { method: 'GET', path: '/join/:code', anonymous: 404, request: () => ({ url: '/join/ZZZZZZ' }) },
  {
    method: 'POST',
    path: '/guestLogin',
    anonymous: 404,
    request: () => ({ url: '/guestLogin', payload: { code: 'ZZZZZZ', nickname: 'Nobody' } }),
  },
  {
    method: 'GET',
    path: '/rooms/:id/join-code',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: (_f, side) => ({ url: `/rooms/${side.roomId}/join-code` }),
  },
  {
    method: 'DELETE',
    path: '/rooms/:id/guests',
    own: allowed(ADMINS),
    other: scoped(ADMINS),
    request: async (f, side) => ({ url: `/rooms/${await newRoom(f, side)}/guests` }),
  },
];

// ---------------------------------------------------------------------------------------------
// Dashboards
// ---------------------------------------------------------------------------------------------
const dashboardRows: AuthzRow[] = [
  {
    method: 'GET',
    path: '/dashboard/overview',
    ...same(allowed(SUPER)),
    request: () => ({ url: '/dashboard/overview' }),
  },
  {
    method: 'GET',
    path: '/dashboard/org/:org',
    own: allowed(ADMINS),
    other: scoped(ADMINS),
    request: (_f, side) => ({ url: `/dashboard/org/${enc(side.org.name)}` }),
  },
  {
    method: 'GET',
    path: '/dashboard/rooms/:org',
    own: allowed(STAFF),
    other: scoped(STAFF),
    request: (_f, side) => ({ url: `/dashboard/rooms/${enc(side.org.name)}` }),
  },
];

/** Every row. A domain appends its own list here. */
export const AUTHZ_MATRIX: AuthzRow[] = [
  ...dashboardRows,
  ...roomRows,
  ...foundationRows,
  ...organizationRows,
  ...userRows,
  ...categoryRows,
  ...contentRows(),
  ...trainingRows(),
  ...materialsRows(),
  ...printedCardRows(),
];

export const rowKey = (method: string, path: string) => `${method} ${path}`;

/** Two organizations with a workshop, a room and people each; the callers belong to `own`. */
export async function createMatrixFixture(database: Database, storage: Storage): Promise<MatrixFixture> {
  const { db } = database;
  let counter = 0;
  const unique = (prefix: string) => {
    counter += 1;
    return `${prefix} ${counter} ${randomUUID().slice(0, 8)}`.replace(/[^A-Za-z0-9 ]/g, '');
  };
  const newWorkshop = async () => {
    const [w] = await db
      .insert(workshops)
      .values({ name: unique('Workshop') })
      .returning();
    await db.insert(sessions).values({ workshopId: w!.id, name: 'First', orderIndex: 0 });
    return w!.id;
  };

  async function side(): Promise<OrgSide> {
    const org = await createOrg(database, { name: unique('Matrix Org') });
    const workshopId = await newWorkshop();
    await db.insert(orgWorkshops).values({ orgId: org.id, workshopId });
    const [room] = await db.insert(rooms).values({ name: 'Room', orgId: org.id, workshopId }).returning();
    const [admin, facilitator, player] = await Promise.all([
      createUser(database, 'ADMIN', org.id),
      createUser(database, 'FACILITATOR', org.id),
      createUser(database, 'PLAYER', org.id),
    ]);
    return {
      org,
      workshopId,
      roomId: room!.id,
      adminId: admin.id,
      facilitatorId: facilitator.id,
      playerId: player.id,
    };
  }

  const own = await side();
  const other = await side();
  return {
    database,
    storage,
    own,
    other,
    freeWorkshopId: await newWorkshop(),
    unique,
    newPlayer: async (s) => (await createUser(database, 'PLAYER', s.org.id)).id,
    newStaff: async (s, role = 'FACILITATOR') => {
      const user = await createUser(database, role, s.org.id);
      return { id: user.id, email: user.email! };
    },
    newEmptyOrg: async () => {
      const [org] = await db
        .insert(organizations)
        .values({ name: unique('Empty Org') })
        .returning();
      return org!.id;
    },
    newCategory: async () => {
      const [category] = await db
        .insert(categories)
        .values({ name: unique('Category') })
        .returning();
      return category!.id;
    },
    newWorkshop,
    newLink: async (s) => {
      const workshopId = await newWorkshop();
      await db.insert(orgWorkshops).values({ orgId: s.org.id, workshopId });
      return workshopId;
    },
  };
}
