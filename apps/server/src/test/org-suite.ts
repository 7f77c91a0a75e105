import { afterAll, beforeAll } from 'vitest';
import { createOrg, createTestContext, type TestContext, type TestOrg } from './context';

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
