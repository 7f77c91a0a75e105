import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, content, orgWorkshops, rooms } from '../db/schema';
import { twoOrgSuite } from '../test/context';
import { expectInUse } from '../test/error-replies';
import { normaliseOrder } from './checks';

const suite = twoOrgSuite({ name: 'Workshop Org' }, { name: 'Other Workshop Org' });
const { call } = suite;
let items: number[];

beforeAll(async () => {
  const [cat] = await suite.ctx.database.db.insert(categories).values({ name: 'General' }).returning();
  const rows = await suite.ctx.database.db
    .insert(content)
    .values(
      ['C0', 'C1', 'C2', 'C3', 'C4'].map((title) => ({
        title,
        description: 'd',
        type: 'OTHER' as const,
        categoryId: cat!.id,
      })),
    )
    .returning();
  items = rows.map((r) => r.id);
});

async function createWorkshop(name: string) {
  const res = await call('POST', '/create-workshop', 'SUPER_ADMIN', { name, sections: [] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string };
}

async function addSession(workshopId: number, name: string, contentIds: number[]) {
  const res = await call('POST', '/create-session-with-content', 'SUPER_ADMIN', {
    section: { name },
    content: contentIds,
    workshopId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const order = (session: { sessionContent: { orderIndex: number; contentBaseId: number }[] }) =>
  session.sessionContent.map((e) => [e.orderIndex, e.contentBaseId]);

describe('workshops', () => {
  it('creates, lists, counts, searches and pages by 10', async () => {
    const created = await createWorkshop('Alpha Workshop');
    expect(created).toEqual({ id: expect.any(Number), name: 'Alpha Workshop' });
    const dup = await call('POST', '/create-workshop', 'SUPER_ADMIN', { name: 'alpha workshop' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('CONFLICT');
    expect((await call('POST', '/create-workshop', 'SUPER_ADMIN', { name: ' ' })).json().message).toBe(
      'This field is required',
    );
    for (let i = 0; i < 11; i++) await createWorkshop(`Paged ${String(i).padStart(2, '0')}`);

    const all = (await call('GET', '/get-workshops', 'SUPER_ADMIN')).json();
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect((await call('GET', '/count-workshops', 'SUPER_ADMIN')).json().count).toBe(all.length);
    const first = (await call('GET', '/get-paginated-workshops/1/10?search=paged', 'SUPER_ADMIN')).json();
    expect(first).toMatchObject({ page: 1, count: 11, totalPages: 2, nextPage: 2, previousPage: null });
    expect(first.workshops).toHaveLength(10);
    expect(first.workshops[0].name).toBe('Paged 00');
    const second = (await call('GET', '/get-paginated-workshops/2/10?search=paged', 'SUPER_ADMIN')).json();
    expect(second.workshops.map((w: { name: string }) => w.name)).toEqual(['Paged 10']);
    expect(second).toMatchObject({ nextPage: null, previousPage: 1 });
    expect((await call('GET', '/get-workshops-by-search/alpha', 'SUPER_ADMIN')).json()).toEqual([created]);
  });

  it("shows staff only their organization's workshops; writes are super admin only", async () => {
    const linked = await createWorkshop('Linked Workshop');
    const hidden = await createWorkshop('Hidden Workshop');
    await suite.ctx.database.db.insert(orgWorkshops).values({ orgId: suite.org.id, workshopId: linked.id });
    for (const who of ['ADMIN', 'FACILITATOR'] as const) {
      expect((await call('GET', '/get-workshops', who)).json()).toEqual([linked]);
      expect((await call('GET', '/count-workshops', who)).json()).toEqual({ count: 1 });
      expect((await call('GET', '/get-paginated-workshops/1/10', who)).json().workshops).toEqual([linked]);
      expect((await call('GET', '/get-workshops-by-search/workshop', who)).json()).toEqual([linked]);
      expect((await call('GET', `/get-workshop-by-id/${linked.id}`, who)).statusCode).toBe(200);
      const no = await call('GET', `/get-workshop-by-id/${hidden.id}`, who);
      expect(no.statusCode).toBe(404);
      expect(no.json().message).toBe('Workshop not found');
      expect((await call('GET', `/get-session-by-workshopid/${hidden.id}`, who)).statusCode).toBe(404);
    }
    expect((await call('GET', `/get-workshop-by-id/${linked.id}`, 'OTHER_ADMIN')).statusCode).toBe(404);
    expect((await call('GET', '/get-workshops', 'PLAYER')).statusCode).toBe(403);
    expect((await call('GET', '/get-workshops')).statusCode).toBe(401);
    for (const who of ['ADMIN', 'FACILITATOR', 'PLAYER'] as const) {
      expect((await call('POST', '/create-workshop', who, { name: `By ${who}` })).statusCode).toBe(403);
      expect((await call('PATCH', '/edit-workshop-name', who, { id: linked.id, name: 'x' })).statusCode).toBe(
        403,
      );
      expect((await call('PATCH', '/edit-workshop', who, { id: linked.id, name: 'x' })).statusCode).toBe(403);
      expect((await call('DELETE', `/delete-workshop/${linked.id}`, who)).statusCode).toBe(403);
      expect(
        (
          await call('POST', '/create-session-with-content', who, {
            name: 's',
            content: [items[0]],
            workshopId: linked.id,
          })
        ).statusCode,
      ).toBe(403);
    }
  });

  it('renames, and refuses a name another workshop has', async () => {
    const w = await createWorkshop('Rename Me');
    await createWorkshop('Taken Name');
    const renamed = await call('PATCH', '/edit-workshop-name', 'SUPER_ADMIN', { id: w.id, name: 'Renamed' });
    expect(renamed.json()).toEqual({ id: w.id, name: 'Renamed' });
    expect(
      (await call('PATCH', '/edit-workshop-name', 'SUPER_ADMIN', { id: w.id, name: 'TAKEN NAME' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call('PATCH', '/edit-workshop-name', 'SUPER_ADMIN', { id: w.id, name: 'renamed' })).statusCode,
    ).toBe(200);
    expect(
      (await call('PATCH', '/edit-workshop-name', 'SUPER_ADMIN', { id: 999999, name: 'Nope' })).statusCode,
    ).toBe(404);
  });

  it('deletes a workshop with its sessions, unless a room uses it', async () => {
    const w = await createWorkshop('Doomed');
    const s = await addSession(w.id, 'Only', [items[0]!]);
    await suite.ctx.database.db
      .insert(rooms)
      .values({ name: 'Room Z', orgId: suite.org.id, workshopId: w.id });
    const refused = await call('DELETE', `/delete-workshop/${w.id}`, 'SUPER_ADMIN');
    const inUse = 'This workshop is used by rooms: Room Z';
    expectInUse(refused, 'WORKSHOP_IN_USE', inUse, 'errors.workshopInUseBy', 'Room Z');

    const free = await createWorkshop('Free');
    const fs = await addSession(free.id, 'Only', [items[0]!]);
    expect((await call('DELETE', `/delete-workshop/${free.id}`, 'SUPER_ADMIN')).json()).toEqual({
      message: 'Successfully deleted Workshop',
    });
    expect((await call('GET', `/get-workshop-by-id/${free.id}`, 'SUPER_ADMIN')).statusCode).toBe(404);
    expect((await call('GET', `/get-session-by-id/${fs.id}`, 'SUPER_ADMIN')).statusCode).toBe(404);
    expect((await call('GET', `/get-session-by-id/${s.id}`, 'SUPER_ADMIN')).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('appends sessions in order with their content in order, accepting both payload readings', async () => {
    const w = await createWorkshop('Two Sessions');
    const first = await addSession(w.id, 'Warm-up', [items[2]!, items[0]!]);
    expect(first).toMatchObject({ name: 'Warm-up', orderIndex: 0, workshopId: w.id });
    expect(order(first)).toEqual([
      [0, items[2]],
      [1, items[0]],
    ]);
    expect(first.sessionContent[0].content).toMatchObject({ id: items[2], title: 'C2', type: 'OTHER' });
    const second = await call('POST', '/create-session-with-content', 'SUPER_ADMIN', {
      name: 'Deep dive',
      orderIndex: 0,
      content: [
        { contentBaseId: items[1], orderIndex: 1 },
        { contentBaseId: items[3], orderIndex: 0 },
      ],
      workshopId: w.id,
    });
    expect(second.statusCode, second.body).toBe(201);
    // A new session always goes last, whatever orderIndex the client sent.
    expect(second.json().orderIndex).toBe(1);
    expect(order(second.json())).toEqual([
      [0, items[3]],
      [1, items[1]],
    ]);

    const workshop = (await call('GET', `/get-workshop-by-id/${w.id}`, 'SUPER_ADMIN')).json();
    expect(
      workshop.sessions.map((s: { name: string; orderIndex: number }) => [s.orderIndex, s.name]),
    ).toEqual([
      [0, 'Warm-up'],
      [1, 'Deep dive'],
    ]);
    expect((await call('GET', `/get-session-by-workshopid/${w.id}`, 'SUPER_ADMIN')).json()).toEqual(
      workshop.sessions,
    );
    expect((await call('GET', `/get-session-by-id/${first.id}`, 'SUPER_ADMIN')).json()).toEqual(
      workshop.sessions[0],
    );
    expect((await call('GET', `/getsectioncontentbysectionid/${first.id}`, 'SUPER_ADMIN')).json()).toEqual(
      workshop.sessions[0].sessionContent,
    );
    const many = (
      await call('GET', `/getmanysectioncontentbysectionids/${first.id},${second.json().id}`, 'SUPER_ADMIN')
    ).json();
    expect(many).toHaveLength(4);
    expect((await call('GET', '/getmanysectioncontentbysectionids/1,a', 'SUPER_ADMIN')).statusCode).toBe(400);
  });

  it("refuses an empty session with 'Please select content to save', unknown or repeated content and a missing name", async () => {
    const w = await createWorkshop('Strict');
    const post = (payload: object) =>
      call('POST', '/create-session-with-content', 'SUPER_ADMIN', { workshopId: w.id, ...payload });
    expect((await post({ name: 'Empty', content: [] })).json()).toMatchObject({
      message: 'Please select content to save',
    });
    expect((await post({ name: ' ', content: [items[0]] })).json().message).toBe('This field is required');
    expect((await post({ name: 'Twice', content: [items[0], items[0]] })).json().message).toBe(
      'A content item can appear only once in a session',
    );
    expect((await post({ name: 'Ghost', content: [999999] })).json().message).toBe('Content not found');
    expect((await post({ name: 'Nowhere', content: [items[0]], workshopId: 999999 })).statusCode).toBe(404);
    expect((await call('GET', `/get-workshop-by-id/${w.id}`, 'SUPER_ADMIN')).json().sessions).toEqual([]);
  });

  it('edits a session: renames, reorders, adds and removes content, always numbered from 0', async () => {
    const w = await createWorkshop('Editable Sessions');
    const s = await addSession(w.id, 'Part', [items[0]!, items[1]!, items[2]!]);
    const patch = (payload: object) => call('PATCH', `/edit-session/${s.id}`, 'SUPER_ADMIN', payload);

    const moved = await patch({
      name: 'Part one',
      sessionContent: [
        { contentBaseId: items[0], orderIndex: 2 },
        { contentBaseId: items[1], orderIndex: 0 },
        { contentBaseId: items[2], orderIndex: 1 },
      ],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().name).toBe('Part one');
    expect(order(moved.json())).toEqual([
      [0, items[1]],
      [1, items[2]],
      [2, items[0]],
    ]);
    // Gaps and ties from a client are closed; removing and adding renumbers from 0.
    const gappy = await patch({
      sessionContent: [
        { contentBaseId: items[4], orderIndex: 10 },
        { contentBaseId: items[2], orderIndex: 5 },
      ],
    });
    expect(order(gappy.json())).toEqual([
      [0, items[2]],
      [1, items[4]],
    ]);
    expect(gappy.json().name).toBe('Part one');
    expect(
      (await patch({ sessionContent: [items[3], items[2]] }))
        .json()
        .sessionContent.map((e: { orderIndex: number }) => e.orderIndex),
    ).toEqual([0, 1]);
    // A refused edit changes nothing.
    expect((await patch({ sessionContent: [items[3], items[3]] })).statusCode).toBe(400);
    expect(order((await call('GET', `/get-session-by-id/${s.id}`, 'SUPER_ADMIN')).json())).toEqual([
      [0, items[3]],
      [1, items[2]],
    ]);
    expect((await call('PATCH', `/edit-session/${s.id}`, 'ADMIN', { name: 'x' })).statusCode).toBe(403);
    expect((await call('PATCH', '/edit-session/999999', 'SUPER_ADMIN', { name: 'x' })).statusCode).toBe(404);
  });

  it('deletes a session and closes the gap; reorders sessions through edit-workshop', async () => {
    const w = await createWorkshop('Three Sessions');
    const a = await addSession(w.id, 'A', [items[0]!]);
    const b = await addSession(w.id, 'B', [items[1]!]);
    const c = await addSession(w.id, 'C', [items[2]!]);
    const names = async () =>
      (await call('GET', `/get-workshop-by-id/${w.id}`, 'SUPER_ADMIN'))
        .json()
        .sessions.map((s: { name: string; orderIndex: number }) => `${s.orderIndex}:${s.name}`);

    const reordered = await call('PATCH', '/edit-workshop', 'SUPER_ADMIN', {
      id: w.id,
      name: 'Three Sessions',
      sessions: [c.id, a.id, b.id],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(await names()).toEqual(['0:C', '1:A', '2:B']);
    expect(
      (await call('PATCH', '/edit-workshop', 'SUPER_ADMIN', { id: w.id, name: 'x', sessions: [c.id, a.id] }))
        .statusCode,
    ).toBe(400);
    expect(await names()).toEqual(['0:C', '1:A', '2:B']);

    expect((await call('DELETE', `/delete-session/${a.id}`, 'FACILITATOR')).statusCode).toBe(403);
    expect((await call('DELETE', `/delete-session/${a.id}`, 'SUPER_ADMIN')).json()).toEqual({
      message: 'Session deleted successfully',
    });
    expect(await names()).toEqual(['0:C', '1:B']);
    expect((await call('DELETE', `/delete-session/${a.id}`, 'SUPER_ADMIN')).json().message).toBe(
      'Session not found',
    );
    await addSession(w.id, 'D', [items[3]!]);
    expect(await names()).toEqual(['0:C', '1:B', '2:D']);
  });

  it("lets an organization's staff read the sessions of its workshops only", async () => {
    const w = await createWorkshop('Org Sessions');
    const s = await addSession(w.id, 'Visible', [items[0]!]);
    await suite.ctx.database.db.insert(orgWorkshops).values({ orgId: suite.org.id, workshopId: w.id });
    expect((await call('GET', `/get-session-by-id/${s.id}`, 'FACILITATOR')).json().name).toBe('Visible');
    expect((await call('GET', `/getsectioncontentbysectionid/${s.id}`, 'ADMIN')).json()).toHaveLength(1);
    // Linked content becomes readable to that organization's staff.
    expect((await call('GET', `/get-content-by-id/${items[0]}`, 'ADMIN')).statusCode).toBe(200);
    for (const url of [
      `/get-session-by-id/${s.id}`,
      `/getsectioncontentbysectionid/${s.id}`,
      `/getmanysectioncontentbysectionids/${s.id}`,
    ]) {
      expect((await call('GET', url, 'OTHER_ADMIN')).statusCode).toBe(404);
      expect((await call('GET', url, 'PLAYER')).statusCode).toBe(403);
      expect((await call('GET', url)).statusCode).toBe(401);
    }
  });
});

describe('normaliseOrder', () => {
  it('yields every item once, by orderIndex, ties and missing indexes in list order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            contentBaseId: fc.integer({ min: 1 }),
            orderIndex: fc.option(fc.nat(20), { nil: undefined }),
          }),
          { selector: (e) => e.contentBaseId },
        ),
        (entries) => {
          const out = normaliseOrder(entries);
          expect([...out].sort()).toEqual(entries.map((e) => e.contentBaseId).sort());
          const at = new Map(entries.map((e, i) => [e.contentBaseId, { key: e.orderIndex ?? Infinity, i }]));
          for (let k = 1; k < out.length; k++) {
            const prev = at.get(out[k - 1]!)!;
            const cur = at.get(out[k]!)!;
            expect(prev.key < cur.key || (prev.key === cur.key && prev.i < cur.i)).toBe(true);
          }
        },
      ),
    );
  });
});
