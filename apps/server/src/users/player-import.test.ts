import { english } from '@playshop/messages/english';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { type RoleHeaders, twoOrgSuite } from '../test/context';

const suite = twoOrgSuite({ name: 'Import Org' }, { name: 'Other Import Org' });

const row = (firstName: string, lastName: string, username: string) => ({ firstName, lastName, username });
const importRows = (who: keyof RoleHeaders | null, organizationId: number, rows: object[]) =>
  suite.call('POST', '/import-players', who ?? undefined, { organizationId, rows });
const playersOf = async (orgId: number) =>
  (await suite.ctx.database.db.select().from(users).where(eq(users.orgId, orgId))).filter(
    (u) => u.role === 'PLAYER',
  );

describe('POST /import-players', () => {
  it('creates every row in one go for staff of the organization', async () => {
    const before = (await playersOf(suite.org.id)).length;
    const res = await importRows('FACILITATOR', suite.org.id, [
      row(' Ann ', 'Lee', 'imp-ann'),
      row('Bo', 'Ng', 'imp-bo'),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ imported: 2 });
    const after = await playersOf(suite.org.id);
    expect(after).toHaveLength(before + 2);
    expect(after.find((u) => u.username === 'imp-ann')).toMatchObject({ firstName: 'Ann', isGuest: false });
  });

  it('checks every row again and saves nothing when one is bad, naming each with its reason', async () => {
    const before = (await playersOf(suite.org.id)).length;
    const res = await importRows('ADMIN', suite.org.id, [
      row('Cy', 'Lee', 'imp-cy'),
      row('', 'Lee', 'imp-dee'),
      row('Ed', 'Lee', 'IMP-CY'),
      row('Fa', 'Lee', 'imp-ann'),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: english('playerImport.rejected'),
      key: 'playerImport.rejected',
      code: 'INVALID_ROWS',
      rows: [
        { row: 2, reason: 'validation.firstNameRequired' },
        { row: 3, reason: 'playerImport.duplicateInFile' },
        { row: 4, reason: 'playerImport.usernameTaken' },
      ],
    });
    expect(await playersOf(suite.org.id)).toHaveLength(before);
  });

  it('refuses an empty list, too many rows, other organizations and players', async () => {
    expect((await importRows('ADMIN', suite.org.id, [])).json()).toMatchObject({
      message: english('playerImport.noRows'),
    });
    const many = Array.from({ length: 5001 }, (_, i) => row('A', 'B', `many-${i}`));
    expect((await importRows('ADMIN', suite.org.id, many)).json()).toMatchObject({
      message: english('playerImport.tooManyRows'),
    });
    expect((await importRows('ADMIN', suite.other.id, [row('X', 'Y', 'imp-x')])).statusCode).toBe(404);
    expect((await importRows('PLAYER', suite.org.id, [row('X', 'Y', 'imp-x')])).statusCode).toBe(403);
    expect((await importRows(null, suite.org.id, [row('X', 'Y', 'imp-x')])).statusCode).toBe(401);
    expect((await importRows('ADMIN', suite.org.id, [{ firstName: 'only' }])).statusCode).toBe(400);
  });
});

describe('GET /export-players/{orgId}', () => {
  it("writes the organization's players as CSV with the import's columns, formulas defused", async () => {
    await importRows('ADMIN', suite.org.id, [row('=SUM(A1)', 'Quote "Q"', 'imp-formula')]);
    const res = await suite.call('GET', `/export-players/${suite.org.id}`, 'FACILITATOR');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('Import-Org-players.csv');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('firstName,lastName,username,guest');
    expect(lines).toContain('Ann,Lee,imp-ann,no');
    expect(lines).toContain(`'=SUM(A1),"Quote ""Q""",imp-formula,no`);
    expect(res.body).not.toContain('Other Import Org');
  });

  it("refuses another organization's players and non-staff", async () => {
    expect((await suite.call('GET', `/export-players/${suite.other.id}`, 'ADMIN')).statusCode).toBe(404);
    expect((await suite.call('GET', `/export-players/${suite.org.id}`, 'PLAYER')).statusCode).toBe(403);
  });
});
