import { beforeAll, describe, expect, it } from 'vitest';
import { orgWorkshops, sessions, workshops } from '../db/schema';
import { headersCaller, twoOrgSuite } from '../test/context';

const suite = twoOrgSuite({ name: 'Sprache Org' }, { name: 'Other Language Org' });
const call = headersCaller(() => suite.ctx);
let workshopId: number;

beforeAll(async () => {
  const db = suite.ctx.database.db;
  const [w] = await db.insert(workshops).values({ name: 'Language Workshop' }).returning();
  workshopId = w!.id;
  await db.insert(sessions).values({ workshopId, name: 'Only', orderIndex: 0 });
  await db.insert(orgWorkshops).values({ orgId: suite.org.id, workshopId });
});

describe("an organization's and a room's language", () => {
  it('an organization starts in English; its admin sets another of the six, a seventh is a 400', async () => {
    const before = await call(
      'GET',
      `/getroomsbyorgname/${encodeURIComponent(suite.org.name)}`,
      suite.as.ADMIN,
    );
    expect(before.statusCode).toBe(200);
    const set = await call('PATCH', '/edit-org', suite.as.ADMIN, { id: suite.org.id, language: 'de' });
    expect(set.statusCode).toBe(200);
    expect(set.json().language).toBe('de');
    const bad = await call('PATCH', '/edit-org', suite.as.ADMIN, { id: suite.org.id, language: 'pt' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Language must be one of: en, de, fr, es, nl, ar');
  });

  it("a room follows its organization's language until it has its own; the join page and the list say which", async () => {
    await call('PATCH', '/edit-org', suite.as.ADMIN, { id: suite.org.id, language: 'de' });
    const created = await call('POST', '/createroom', suite.as.ADMIN, { name: 'Raum A', workshopId });
    expect(created.statusCode).toBe(200);
    const room = created.json();
    expect(room).toMatchObject({ language: null, effectiveLanguage: 'de' });

    const french = await call('PUT', `/rooms/${room.id}/language`, suite.as.ADMIN, { language: 'fr' });
    expect(french.statusCode).toBe(200);
    expect(french.json()).toMatchObject({ language: 'fr', effectiveLanguage: 'fr' });
    const code = (await call('GET', `/rooms/${room.id}/join-code`, suite.as.FACILITATOR)).json().code;
    expect((await call('GET', `/join/${code}`)).json().language).toBe('fr');

    const bad = await call('PUT', `/rooms/${room.id}/language`, suite.as.ADMIN, { language: 'xx' });
    expect(bad.statusCode).toBe(400);
    const back = await call('PUT', `/rooms/${room.id}/language`, suite.as.ADMIN, { language: null });
    expect(back.json()).toMatchObject({ language: null, effectiveLanguage: 'de' });
    expect((await call('GET', `/join/${code}`)).json().language).toBe('de');

    const arabic = await call('POST', '/createroom', suite.as.ADMIN, {
      name: 'Raum B',
      workshopId,
      language: 'ar',
    });
    expect(arabic.json()).toMatchObject({ language: 'ar', effectiveLanguage: 'ar' });
  });

  it("another organization's admin cannot set the room's language; a facilitator cannot either", async () => {
    const room = (await call('POST', '/createroom', suite.as.ADMIN, { name: 'Raum C', workshopId })).json();
    const other = await call('PUT', `/rooms/${room.id}/language`, suite.as.OTHER_ADMIN, { language: 'nl' });
    expect(other.statusCode).toBe(404);
    const facilitator = await call('PUT', `/rooms/${room.id}/language`, suite.as.FACILITATOR, {
      language: 'nl',
    });
    expect(facilitator.statusCode).toBe(403);
  });
});
