import { API_PREFIX, ROLES, type Role } from '@playshop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatrixFixture, OrgSide } from './authz/core';
import { AUTHZ_MATRIX, createMatrixFixture, rowKey } from './authz/matrix';
import { createTestContext, signInNewUser, type TestContext } from './context';

let ctx: TestContext;
let fixture: MatrixFixture;
const headersOf = {} as Record<Role, Record<string, string>>;

beforeAll(async () => {
  ctx = await createTestContext();
  fixture = await createMatrixFixture(ctx.database, ctx.storage);
  // One caller per role, all in the `own` organization (the super admin too).
  for (const role of ROLES) {
    headersOf[role] = (await signInNewUser(ctx, role, fixture.own.org.id)).headers;
  }
});
afterAll(() => ctx.close());

const apiRoutes = () =>
  ctx.app.registeredRoutes
    .filter((route) => route.url.startsWith(`${API_PREFIX}/`))
    .map((route) => ({ ...route, path: route.url.slice(API_PREFIX.length) }));

describe('the authorization matrix covers every route', () => {
  it('has a row for every route registered under /api/v1', () => {
    const rows = new Set(AUTHZ_MATRIX.map((row) => rowKey(row.method, row.path)));
    const missing = apiRoutes()
      .map((route) => rowKey(route.method, route.path))
      .filter((key) => !rows.has(key));
    expect(
      missing,
      `These routes have no row in apps/server/src/test/authz-matrix.ts. Add one per route: ${missing.join(', ')}`,
    ).toEqual([]);
  });

  it('has no row for a route that does not exist, and no route twice', () => {
    const routes = new Set(apiRoutes().map((route) => rowKey(route.method, route.path)));
    const keys = AUTHZ_MATRIX.map((row) => rowKey(row.method, row.path));
    expect(keys.filter((key) => !routes.has(key))).toEqual([]);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('marks exactly the public routes as anonymous', () => {
    const rows = new Set(AUTHZ_MATRIX.map((row) => rowKey(row.method, row.path)));
    // Routes without a row at all are reported by the first test.
    const publicRoutes = apiRoutes()
      .filter((route) => route.isPublic && rows.has(rowKey(route.method, route.path)))
      .map((route) => rowKey(route.method, route.path))
      .sort();
    const anonymousRows = AUTHZ_MATRIX.filter((row) => row.anonymous !== undefined)
      .map((row) => rowKey(row.method, row.path))
      .sort();
    expect(anonymousRows).toEqual(publicRoutes);
    for (const row of AUTHZ_MATRIX) {
      if (row.anonymous === undefined) {
        expect(row.own && row.other, `${rowKey(row.method, row.path)} needs own and other`).toBeTruthy();
      }
    }
  });
});

describe('tenancy in the matrix', () => {
  // The same answer everywhere for another organization's object: 404, as for one that does not exist
  // (http/actor.ts). A row whose other side differs from its own must say 404 to every role that
  // reaches its own organization's (the super admin acts on every organization).
  it("answers another organization's object with 404, never 403, to whoever may reach their own", () => {
    const otherwise = AUTHZ_MATRIX.flatMap((row) =>
      ROLES.filter((role) => role !== 'SUPER_ADMIN' && row.own && row.other)
        .filter(
          (role) => row.own![role] < 400 && row.other![role] !== row.own![role] && row.other![role] !== 404,
        )
        .map((role) => `${rowKey(row.method, row.path)}: ${role} gets ${row.other![role]}`),
    );
    expect(otherwise).toEqual([]);
  });
});

describe('every route answers every role as its row says', () => {
  const call = async (method: string, side: OrgSide, row: (typeof AUTHZ_MATRIX)[number], role?: Role) => {
    const request = await row.request(fixture, side);
    const res = await ctx.app.inject({
      method: method as 'GET',
      url: `${API_PREFIX}${request.url}`,
      headers: { ...request.headers, ...(role ? headersOf[role] : {}) },
      ...(request.payload ? { payload: request.payload } : {}),
    });
    return res;
  };

  it.each(AUTHZ_MATRIX.map((row) => [rowKey(row.method, row.path), row] as const))(
    '%s',
    async (_key, row) => {
      const mismatches: string[] = [];
      if (row.anonymous !== undefined) {
        const res = await call(row.method, fixture.own, row);
        if (res.statusCode !== row.anonymous) {
          mismatches.push(`anonymous: expected ${row.anonymous}, got ${res.statusCode} ${res.body}`);
        }
      } else {
        const anonymous = await call(row.method, fixture.own, row);
        if (anonymous.statusCode !== 401)
          mismatches.push(`anonymous: expected 401, got ${anonymous.statusCode}`);
        for (const [sideName, side, expected] of [
          ['own', fixture.own, row.own!],
          ['other', fixture.other, row.other!],
        ] as const) {
          for (const role of ROLES) {
            const res = await call(row.method, side, row, role);
            if (res.statusCode !== expected[role]) {
              mismatches.push(
                `${role} on ${sideName} org: expected ${expected[role]}, got ${res.statusCode} ${res.body}`,
              );
            }
            // A refused call must not carry the other tenant's data.
            if (res.statusCode >= 400 && sideName === 'other' && res.body.includes(fixture.other.org.name)) {
              mismatches.push(`${role} on other org: the error names the other organization`);
            }
          }
        }
      }
      expect(mismatches).toEqual([]);
    },
  );
});
