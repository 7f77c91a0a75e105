import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createOrg, createTestContext, signInNewUser, type TestContext, type TestOrg } from './context';

/** What `orgSuite` sets up: filled in by its `beforeAll`, so read the fields inside tests and hooks. */
export interface OrgSuite {
  ctx: TestContext;
  org: TestOrg;
}

/**
 * A suite on an app of its own with one organization in it, for files that sign their people in
 * themselves (`twoOrgSuite` is the one with a user of every role and another tenant). Registers its
 * own `beforeAll` and `afterAll`; a suite's further setup goes in a `beforeAll` after this call.
 */
export function orgSuite(
  orgValues: Parameters<typeof createOrg>[1] = {},
  options: Parameters<typeof createTestContext>[0] = {},
): OrgSuite {
  const suite = {} as OrgSuite;
  beforeAll(async () => {
    suite.ctx = await createTestContext(options);
    suite.org = await createOrg(suite.ctx.database, orgValues);
  });
  afterAll(() => suite.ctx?.close());
  return suite;
}

/** What `orgAdminSuite` sets up: an `orgSuite` with its organization's admin signed in. */
export interface OrgAdminSuite extends OrgSuite {
  /** The bearer headers of an admin of `org`. */
  adminHeaders: Record<string, string>;
  /** `api(method, '/path', payload?, headers?)`: one /api/v1 request, as the admin unless `headers` are given. */
  api: (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
}

/**
 * An `orgSuite` whose organization's admin is signed in, for the files where the admin sets up and
 * tries an organization's settings (sign-in, SAML). Registers its own hooks, as `orgSuite` does.
 */
export function orgAdminSuite(
  orgValues: Parameters<typeof createOrg>[1] = {},
  options: Parameters<typeof createTestContext>[0] = {},
): OrgAdminSuite {
  const suite = orgSuite(orgValues, options) as OrgAdminSuite;
  beforeAll(async () => {
    suite.adminHeaders = (await signInNewUser(suite.ctx, 'ADMIN', suite.org.id)).headers;
  });
  suite.api = (method, url, payload, headers = suite.adminHeaders) =>
    suite.ctx.app.inject({ method, url: `/api/v1${url}`, ...(payload ? { payload } : {}), headers });
  return suite;
}
