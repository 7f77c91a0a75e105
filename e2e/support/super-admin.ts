import type { Role } from '@playshop/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';
import { organizations } from '../../apps/server/src/db/schema';
import { createUser } from '../../apps/server/src/test/context';
import { DESKTOP, signInStaff } from './browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server';
import type { browserSuite } from './suite';

type Suite = ReturnType<typeof browserSuite>;

/** Where the seeded super admin lands after signing in. */
const SUPER_ADMIN_DASHBOARD = '/Playshop/admin/dashboard';

/** A fresh page of `suite` signed in as the seeded super admin, on their dashboard. */
export async function openAsSuperAdmin(suite: Suite, viewport = DESKTOP) {
  const opened = await suite.open(viewport);
  await signInStaff(opened.page, suite.product.url, ADMIN_EMAIL, ADMIN_PASSWORD, SUPER_ADMIN_DASHBOARD);
  return opened;
}

/**
 * API calls as the seeded super admin, through the same schemas as the forms; each fails on anything
 * but 2xx. Signs in once per suite: sign-ins per account are rate limited, and the browser tests
 * sign in too.
 */
export function superAdminApi(suite: Suite) {
  let token: string | undefined;
  return async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) => {
    token ??= (
      await suite.product.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      })
    ).json().accessToken;
    const res = await suite.product.app.inject({
      method,
      url: `/api/v1${url}`,
      payload,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
}

/** The organization called `name` in the product's database (the seed's Demo Org, or one a test made). */
export async function orgNamed(database: Database, name: string) {
  const [org] = await database.db.select().from(organizations).where(eq(organizations.name, name));
  if (!org) throw new Error(`no organization called ${name}`);
  return org;
}

/** A new user of `role` in the organization called `orgName` (staff sign in with TEST_PASSWORD). */
export async function createUserIn(database: Database, role: Role, orgName: string) {
  return createUser(database, role, (await orgNamed(database, orgName)).id);
}
