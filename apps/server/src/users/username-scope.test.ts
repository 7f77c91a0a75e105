/**
 * Usernames are unique within an organization (issue 43): an organization's admin never learns from a
 * 409 that a username exists in another organization; creating, editing or importing a player whose
 * username another organization uses answers as for a free name. Each player signs in in their own
 * organization; their own organization's names still answer 409.
 */
import { describe, expect, it } from 'vitest';
import { twoOrgSuite } from '../test/context';

const suite = twoOrgSuite({ name: 'Scope Org' }, { name: 'Other Scope Org' });
const { call } = suite;
const player = (organizationId: number, username: string) => ({
  firstName: 'Sam',
  lastName: 'Lee',
  username,
  organizationId,
});

describe('usernames of another organization', () => {
  it('are never revealed: creating, editing and importing answer as for a free name', async () => {
    const theirs = await call('POST', '/create-player', 'OTHER_ADMIN', player(suite.other.id, 'scope-sam'));
    expect(theirs.statusCode).toBe(201);

    const mine = await call('POST', '/create-player', 'ADMIN', player(suite.org.id, 'SCOPE-SAM'));
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({ username: 'SCOPE-SAM', organizationId: suite.org.id });

    const renamed = await call('POST', '/create-player', 'ADMIN', player(suite.org.id, 'scope-kim'));
    const edited = await call('PATCH', '/edit-player', 'ADMIN', {
      ...player(suite.org.id, 'Scope-Sam-2'),
      id: renamed.json().id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await call('POST', '/create-player', 'OTHER_ADMIN', player(suite.other.id, 'scope-imp'));
    const imported = await call('POST', '/import-players', 'ADMIN', {
      organizationId: suite.org.id,
      rows: [{ firstName: 'Imp', lastName: 'Lee', username: 'SCOPE-IMP' }],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ imported: 1 });
  });

  it("still refuses a name the admin's own organization uses, whatever its case", async () => {
    expect(
      (await call('POST', '/create-player', 'ADMIN', player(suite.org.id, 'scope-own'))).statusCode,
    ).toBe(201);
    const again = await call('POST', '/create-player', 'ADMIN', player(suite.org.id, 'Scope-Own'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ key: 'users.duplicateUsername' });
  });

  it('each of two players of one name signs in in their own organization', async () => {
    await call('POST', '/create-player', 'ADMIN', player(suite.org.id, 'scope-twin'));
    await call('POST', '/create-player', 'OTHER_ADMIN', player(suite.other.id, 'scope-twin'));
    for (const org of [suite.org, suite.other]) {
      const res = await suite.ctx.app.inject({
        method: 'POST',
        url: '/api/v1/participantLogin',
        payload: { username: 'scope-twin', orgId: org.id },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ username: 'scope-twin', orgId: org.id, org: org.name });
    }
  });
});
