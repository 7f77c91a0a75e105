/**
 * THE AUTHORIZATION MATRIX: one row per route under /api/v1, the guard against cross-tenant leaks.
 *
 * EVERY DOMAIN HAS ITS ROWS IN A FILE OF THIS FOLDER, joined in `matrix.ts`. `authz-matrix.test.ts` lists every route the app registers and
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
import { ROLES, type Role } from '@playshop/shared';
import type { Database } from '../../db/client';
import type { Storage } from '../../storage/storage';

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
export const same = (expect: Expect) => ({ own: expect, other: expect });

/** `side`'s own data: `roles` reach their own organization's; another's as `scoped` says. */
export const scopedTo = (roles: readonly Role[]) => ({ own: allowed(roles), other: scoped(roles) });

/** One row: `expect` is `same(…)`, `scopedTo(…)`, `{ own, other }`, or `{ anonymous }` for a public route. */
export function row(
  method: AuthzRow['method'],
  path: string,
  expect: Pick<AuthzRow, 'own' | 'other' | 'anonymous'>,
  request: AuthzRow['request'],
): AuthzRow {
  return { method, path, ...expect, request };
}

export const SUPER: readonly Role[] = ['SUPER_ADMIN'];
export const ADMINS: readonly Role[] = ['SUPER_ADMIN', 'ADMIN'];
export const STAFF: readonly Role[] = ['SUPER_ADMIN', 'ADMIN', 'FACILITATOR'];
export const EVERYONE: readonly Role[] = ROLES;
export const enc = encodeURIComponent;

/** The URL to call for `side` (made with the fixture `f` where it needs a fresh target). */
type UrlOf = (side: OrgSide, f: MatrixFixture) => string | Promise<string>;

/** A public POST to its own path: an anonymous call with `payload` answers `anonymous`. */
export function publicPost(path: string, anonymous: number, payload?: Record<string, unknown>): AuthzRow {
  return row('POST', path, { anonymous }, () => ({ url: path, payload }));
}

/** A GET that targets no organization: `roles` may call it, everyone else 403. */
export function unscopedGet(path: string, roles: readonly Role[], url: string | UrlOf = path): AuthzRow {
  return row('GET', path, same(allowed(roles)), async (f, side) => ({
    url: typeof url === 'string' ? url : await url(side, f),
  }));
}

/** A GET of `side`'s data: `roles` read their own organization's; another's as `scoped` says. */
export function scopedGet(path: string, roles: readonly Role[], url: UrlOf): AuthzRow {
  return row('GET', path, scopedTo(roles), async (f, side) => ({ url: await url(side, f) }));
}
