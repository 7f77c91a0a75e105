import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ZCreateCategory,
  ZCreateRoom,
  ZEditAdmin,
  ZEditOrganization,
  ZEditPlayer,
  ZEditWorkshopName,
  ZSessionName,
} from '@playshop/shared';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { contentService } from '../content/service';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { openTestDatabase } from '../test/context';
import { workshopsService } from '../workshops/service';
import { DEMO_FACILITATOR_EMAIL, DEMO_VIDEO_URL, firstStart } from './first-start';

const webPublicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/public');

let drops: (() => Promise<void>)[] = [];
const fresh = async (): Promise<Database> => {
  const { database, drop } = await openTestDatabase();
  drops.push(async () => {
    await database.close();
    await drop();
  });
  return database;
};
afterEach(async () => {
  await Promise.all(drops.map((d) => d()));
  drops = [];
});

const counts = async (database: Database) => {
  const n = async (
    table: Parameters<Database['db']['select']>[0] extends never
      ? never
      :
          | typeof t.users
          | typeof t.organizations
          | typeof t.content
          | typeof t.rooms
          | typeof t.sessions
          | typeof t.workshops
          | typeof t.categories,
  ) => (await database.db.select({ n: count() }).from(table))[0]!.n;
  return {
    users: await n(t.users),
    organizations: await n(t.organizations),
    content: await n(t.content),
    rooms: await n(t.rooms),
    sessions: await n(t.sessions),
    workshops: await n(t.workshops),
    categories: await n(t.categories),
  };
};

describe('firstStart', () => {
  it('creates the super admin and the demo organization, once', async () => {
    const database = await fresh();
    const now = new Date('2026-05-01T10:00:00Z');
    const report = await firstStart(database.db, { adminEmail: 'Boss@Example.com', demoData: true, now });
    expect(report?.admin.password).toMatch(/.{12,}/);
    expect(report?.demo?.players).toEqual([
      'demo-player-1',
      'demo-player-2',
      'demo-player-3',
      'demo-player-4',
      'demo-player-5',
    ]);

    const [admin] = await database.db.select().from(t.users).where(eq(t.users.role, 'SUPER_ADMIN'));
    expect(admin!.email).toBe('boss@example.com');
    const [demo] = await database.db
      .select()
      .from(t.organizations)
      .where(eq(t.organizations.name, 'Demo Org'));
    expect(demo!.expiry).toBe('2027-05-01');
    const types = (await database.db.select({ type: t.content.type }).from(t.content))
      .map((c) => c.type)
      .sort();
    expect(types).toEqual(['IMAGE', 'OTHER', 'QUESTION', 'VIDEO']);
    const [room] = await database.db.select().from(t.rooms);
    expect(room!.name).toBe('Demo Room');
    const [workshop] = await database.db.select().from(t.workshops);
    expect(workshop!.name).toBe('Demo Workshop');
    const demoSessions = await database.db
      .select()
      .from(t.sessions)
      .where(eq(t.sessions.workshopId, workshop!.id));
    expect(demoSessions.map((s) => s.orderIndex).sort()).toEqual([0, 1]);
    // Built through the wizard's services: read back as the builder reads it.
    const builder = workshopsService(database.db, contentService(database.db));
    const root = {
      userId: admin!.id,
      role: 'SUPER_ADMIN' as const,
      orgId: admin!.orgId,
      orgName: '',
      username: '',
    };
    const demoWorkshop = await builder.get(root, workshop!.id);
    expect(
      demoWorkshop.sessions.map((s) => [
        s.orderIndex,
        s.name,
        s.sessionContent.map((e) => [e.orderIndex, e.content.title]),
      ]),
    ).toEqual([
      [
        0,
        'Warm-up',
        [
          [0, 'Welcome to the workshop'],
          [1, 'Fire safety check'],
        ],
      ],
      [
        1,
        'Working together',
        [
          [0, 'Strong teams'],
          [1, 'Why feedback matters'],
        ],
      ],
    ]);
    const quiz = demoWorkshop.sessions[0]!.sessionContent[1]!.content;
    expect(quiz.question?.answers.filter((a) => a.isCorrect)).toHaveLength(1);
    expect(demoWorkshop.sessions[1]!.sessionContent[0]!.content.image?.url).toBe('/demo/teamwork.svg');
    // The demo video is the product's own small file, so the demo plays with no internet.
    const video = demoWorkshop.sessions[1]!.sessionContent[1]!.content.video?.url;
    expect(video).toBe(DEMO_VIDEO_URL);
    const file = await stat(path.join(webPublicDir, video!));
    expect(file.size).toBeGreaterThan(10_000);
    expect(file.size).toBeLessThan(300_000);
    const facilitators = await database.db.select().from(t.users).where(eq(t.users.role, 'FACILITATOR'));
    expect(facilitators).toHaveLength(1);

    const before = await counts(database);
    expect(await firstStart(database.db, { adminEmail: 'boss@example.com', demoData: true })).toBeNull();
    expect(await counts(database)).toEqual(before);
  });

  it('with DEMO_DATA=false creates the super admin alone, with the given password', async () => {
    const database = await fresh();
    const report = await firstStart(database.db, {
      adminEmail: 'admin@playshop.test',
      adminPassword: 'given-password',
      demoData: false,
    });
    expect(report?.admin.password).toBeUndefined();
    expect(report?.demo).toBeUndefined();
    expect(await counts(database)).toEqual({
      users: 1,
      organizations: 1,
      content: 0,
      rooms: 0,
      sessions: 0,
      workshops: 0,
      categories: 0,
    });
  });

  it('seeds only records that pass the shared schemas, so each can be saved unchanged', async () => {
    const database = await fresh();
    // The default ADMIN_EMAIL, exactly as a zero-setup start uses it.
    const adminEmail = loadConfig({ DATA_DIR: '/nonexistent-unused', JWT_SECRET: 'x'.repeat(40) }).adminEmail;
    await firstStart(database.db, { adminEmail, demoData: true });
    const { db } = database;
    const expectValid = (
      schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
      value: unknown,
    ) => {
      const parsed = schema.safeParse(value);
      expect(parsed.error, JSON.stringify(value)).toBeUndefined();
    };

    const people = await db.select().from(t.users);
    expect(people.map((u) => u.email)).toEqual(expect.arrayContaining([adminEmail, DEMO_FACILITATOR_EMAIL]));
    for (const u of people) {
      const fields = {
        id: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        organizationId: u.orgId,
      };
      if (u.role === 'PLAYER') expectValid(ZEditPlayer, { ...fields, username: u.username });
      else expectValid(ZEditAdmin, { ...fields, email: u.email, role: u.role });
    }
    for (const o of await db.select().from(t.organizations)) {
      expectValid(ZEditOrganization, {
        id: o.id,
        name: o.name,
        address: o.address,
        phone: o.phone,
        website: o.website,
        email: o.email,
        hideRollAnimation: o.hideRollAnimation,
        musicPlaylistUrl: o.musicPlaylistUrl,
        expiry: o.expiry,
      });
    }
    for (const r of await db.select().from(t.rooms)) {
      expectValid(ZCreateRoom, { name: r.name, workshopId: r.workshopId, orgId: r.orgId });
    }
    for (const w of await db.select().from(t.workshops))
      expectValid(ZEditWorkshopName, { id: w.id, name: w.name });
    for (const s of await db.select().from(t.sessions)) expectValid(ZSessionName, { name: s.name });
    for (const c of await db.select().from(t.categories)) expectValid(ZCreateCategory, { name: c.name });
  });
});
