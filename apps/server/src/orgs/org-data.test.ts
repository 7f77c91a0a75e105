/**
 * An organization's data on request (issue 30 item 4): the zip of everything of it, the erasure of
 * an organization after its name is typed, and a player's erasure that keeps the games, anonymized.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { english } from '@playshop/messages/english';
import { API_PREFIX, ERASED_PLAYER, erasedUsername, FILES_PATH } from '@playshop/shared';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromBuffer, type ZipFile } from 'yauzl';
import {
  categories,
  content,
  gameEvents,
  games,
  images,
  organizations,
  orgSignIn,
  questions,
  refreshTokens,
  rooms,
  users,
  userTwoFactor,
} from '../db/schema';
import {
  addSessions,
  createOrg,
  createRoomWithPeople,
  createUser,
  signIn,
  signInNewUser,
} from '../test/context';
import { expectFieldRefusal } from '../test/error-replies';
import { orgSuite } from '../test/org-suite';

const suite = orgSuite();
let root: Record<string, string>;

beforeAll(async () => {
  root = (await signInNewUser(suite.ctx, 'SUPER_ADMIN', suite.org.id)).headers;
});

/** Every entry of a zip: its name and its bytes. */
async function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(buffer, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const out = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          out.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return out;
}

/** A room of a new organization with an admin, two players, a workshop using an image, and a played game. */
async function playedRoom() {
  const { db } = suite.ctx.database;
  const made = await createRoomWithPeople(suite.ctx.database, 2);
  const admin = await createUser(suite.ctx.database, 'ADMIN', made.org.id);
  const [room] = await db.select().from(rooms).where(eq(rooms.id, made.roomId));
  const [cat] = await db
    .insert(categories)
    .values({ name: `Cat ${made.org.id}` })
    .returning();
  const [item] = await db
    .insert(content)
    .values({ title: 'Picture', description: 'd', type: 'IMAGE', categoryId: cat!.id })
    .returning();
  const key = `content/${made.org.id}-picture.png`;
  const bytes = Buffer.from(`not really a png ${made.org.id}`);
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'org-data-')), 'picture.png');
  await writeFile(file, bytes);
  await suite.ctx.storage.putFile(key, file, 'image/png');
  await db.insert(images).values({ contentId: item!.id, url: `${API_PREFIX}${FILES_PATH}/${key}` });
  await addSessions(db, room!.workshopId, [{ name: 'One', contentIds: [item!.id] }]);
  const [game] = await db.insert(games).values({ roomId: made.roomId, lastSeq: 4 }).returning();
  const [alice, bob] = made.players;
  const card = [[1, 2, 3, 4, 5]];
  await db.insert(gameEvents).values([
    { gameId: game!.id, seq: 1, type: 'lobby_opened', payload: {} },
    {
      gameId: game!.id,
      seq: 2,
      type: 'player_joined',
      payload: { userId: alice!.id, username: alice!.username, card },
    },
    {
      gameId: game!.id,
      seq: 3,
      type: 'player_joined',
      payload: { userId: bob!.id, username: bob!.username, card },
    },
    {
      gameId: game!.id,
      seq: 4,
      type: 'bingo',
      payload: {
        userId: alice!.id,
        username: alice!.username,
        lines: ['row 1'],
        at: new Date().toISOString(),
      },
    },
  ]);
  return { ...made, admin, gameId: game!.id, key, bytes };
}

describe('GET /organizations/{id}/export', () => {
  it("gives the organization's admin everything of it as one zip, and records the export", async () => {
    const r = await playedRoom();
    const headers = (await signIn(suite.ctx.app, r.admin)).headers;
    const res = await suite.ctx.app.inject({ url: `/api/v1/organizations/${r.org.id}/export`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.zip"$/);
    const files = await unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      [
        'answers.csv',
        'audit-log.csv',
        'content.json',
        `files/${r.key}`,
        'game-events.jsonl',
        'games.json',
        'organization.json',
        'people.csv',
        'rooms.json',
        'workshops.json',
      ].sort(),
    );
    expect(JSON.parse(files.get('organization.json')!.toString()).name).toBe(r.org.name);
    const people = files.get('people.csv')!.toString();
    for (const p of [...r.players, r.staff, r.admin]) expect(people).toContain(String(p.username ?? p.email));
    expect(people).not.toMatch(/argon2/);
    expect(JSON.parse(files.get('rooms.json')!.toString()).rooms[0].id).toBe(r.roomId);
    expect(JSON.parse(files.get('content.json')!.toString()).content[0].title).toBe('Picture');
    expect(JSON.parse(files.get('workshops.json')!.toString())[0].sessions[0].content).toHaveLength(1);
    const events = files
      .get('game-events.jsonl')!
      .toString()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events.map((e) => e.type)).toEqual(['lobby_opened', 'player_joined', 'player_joined', 'bingo']);
    expect(files.get(`files/${r.key}`)!.equals(r.bytes)).toBe(true);
    // The export is itself in the audit log, and the next export's audit-log.csv shows it.
    const log = await suite.ctx.app.inject({ url: '/api/v1/audit-log?action=org.export', headers });
    expect(log.json().items[0]).toMatchObject({ actor: r.admin.email, orgId: r.org.id });
    const again = await unzip(
      (await suite.ctx.app.inject({ url: `/api/v1/organizations/${r.org.id}/export`, headers })).rawPayload,
    );
    expect(again.get('audit-log.csv')!.toString()).toContain('org.export');
  });

  it('holds the answers as a readable table: game, room, question, player, answer, right or wrong, time, when', async () => {
    const r = await playedRoom();
    const { db } = suite.ctx.database;
    const [alice, bob] = r.players;
    const [cat] = await db.select().from(categories).limit(1);
    const [item] = await db
      .insert(content)
      .values({ title: 'Capital', description: 'd', type: 'QUESTION', categoryId: cat!.id })
      .returning();
    await db
      .insert(questions)
      .values({ contentId: item!.id, question: 'Which city is the capital, "really"?' });
    const sentAt = new Date('2026-03-02T10:00:00.000Z');
    const after = (ms: number) => new Date(sentAt.getTime() + ms).toISOString();
    const question = {
      contentId: item!.id,
      contentType: 'QUESTION',
      question: {
        options: [
          { id: 11, name: 'Bonn' },
          { id: 12, name: 'Berlin' },
        ],
        correct: 12,
      },
    };
    const answer = (userId: number, username: string, choice: number, ms: number) => ({
      contentId: item!.id,
      userId,
      username,
      choice,
      at: after(ms),
    });
    const game = (await db.insert(games).values({ roomId: r.roomId, lastSeq: 5 }).returning())[0]!;
    await db.insert(gameEvents).values([
      { gameId: game.id, seq: 1, type: 'content_sent', payload: question, createdAt: sentAt },
      // Bob changes his mind: both answers are lines, the last one is final.
      {
        gameId: game.id,
        seq: 2,
        type: 'question_answered',
        payload: answer(bob!.id, bob!.username!, 11, 1500),
      },
      {
        gameId: game.id,
        seq: 3,
        type: 'question_answered',
        payload: answer(alice!.id, alice!.username!, 12, 2250),
      },
      {
        gameId: game.id,
        seq: 4,
        type: 'question_answered',
        payload: answer(bob!.id, bob!.username!, 12, 4000),
      },
      { gameId: game.id, seq: 5, type: 'game_ended', payload: {} },
    ]);
    const headers = (await signIn(suite.ctx.app, r.admin)).headers;
    const res = await suite.ctx.app.inject({ url: `/api/v1/organizations/${r.org.id}/export`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const csv = (await unzip(res.rawPayload)).get('answers.csv')!.toString();
    const [room] = await db.select().from(rooms).where(eq(rooms.id, r.roomId));
    const q = '"Which city is the capital, ""really""?"';
    expect(csv.trim().split('\r\n')).toEqual([
      'game,room,question,player,answer,right or wrong,time (ms),answered at,final answer',
      `${game.id},${room!.name},${q},${bob!.username},Bonn,wrong,1500,${after(1500)},no`,
      `${game.id},${room!.name},${q},${alice!.username},Berlin,right,2250,${after(2250)},yes`,
      `${game.id},${room!.name},${q},${bob!.username},Berlin,right,4000,${after(4000)},yes`,
    ]);
  });

  it('holds no secret: no password hash, sealed SSO client secret, two-factor secret or session token', async () => {
    const r = await playedRoom();
    const { db } = suite.ctx.database;
    const headers = (await signIn(suite.ctx.app, r.admin)).headers;
    // The admin saves a client secret (SSO stays off): the audit log records the change, not the secret.
    const secret = 'sso-client-secret-do-not-leak';
    const saved = await suite.ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/organizations/${r.org.id}/sign-in`,
      headers,
      payload: {
        ssoEnabled: false,
        issuer: 'https://id.example.com',
        clientId: 'playshop',
        clientSecret: secret,
        createAccounts: false,
        defaultRole: 'FACILITATOR',
        passwordSignInDisabled: false,
        requireTwoFactorForAdmins: false,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await db.insert(userTwoFactor).values({ userId: r.admin.id, secretEncrypted: 'sealed-totp-secret-xyz' });
    const res = await suite.ctx.app.inject({ url: `/api/v1/organizations/${r.org.id}/export`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const everything = [...(await unzip(res.rawPayload)).values()].map((b) => b.toString()).join('\n');
    const people = await db.select().from(users).where(eq(users.orgId, r.org.id));
    const [signInRow] = await db.select().from(orgSignIn).where(eq(orgSignIn.orgId, r.org.id));
    const tokens = await db.select().from(refreshTokens);
    const secrets = [
      secret,
      signInRow!.clientSecretEncrypted!,
      'sealed-totp-secret-xyz',
      ...people.flatMap((p) => (p.passwordHash ? [p.passwordHash] : [])),
      ...tokens.map((t) => t.tokenHash),
    ];
    expect(secrets.length).toBeGreaterThan(3);
    for (const s of secrets)
      expect(everything.includes(s), `the export holds ${s.slice(0, 12)}…`).toBe(false);
    expect(everything).not.toMatch(/argon2|passwordHash|password_hash|tokenHash|secretEncrypted/);
  });

  it("is another organization's admin's 404 and a facilitator's 403", async () => {
    const r = await playedRoom();
    const stranger = (await signInNewUser(suite.ctx, 'ADMIN', (await createOrg(suite.ctx.database)).id))
      .headers;
    const url = `/api/v1/organizations/${r.org.id}/export`;
    expect((await suite.ctx.app.inject({ url, headers: stranger })).statusCode).toBe(404);
    const facilitator = (await signIn(suite.ctx.app, r.staff)).headers;
    expect((await suite.ctx.app.inject({ url, headers: facilitator })).statusCode).toBe(403);
  });
});

describe('POST /organizations/{id}/erase', () => {
  const erase = (id: number, confirmName: string, headers = root) =>
    suite.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${id}/erase`,
      headers,
      payload: { confirmName },
    });

  it("deletes nothing until the organization's name is typed, then everything of it", async () => {
    const r = await playedRoom();
    const adminSession = (await signIn(suite.ctx.app, r.admin)).headers;
    const wrong = await erase(r.org.id, `${r.org.name}x`);
    expectFieldRefusal(
      wrong,
      'NAME_MISMATCH',
      english('orgData.nameMismatch'),
      'orgData.nameMismatch',
      'confirmName',
    );
    expect((await erase(r.org.id, '')).json().field).toBe('confirmName');
    const { db } = suite.ctx.database;
    expect(await db.select().from(organizations).where(eq(organizations.id, r.org.id))).toHaveLength(1);

    const ok = await erase(r.org.id, r.org.name);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: english('orgData.erased') });
    expect(await db.select().from(organizations).where(eq(organizations.id, r.org.id))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.orgId, r.org.id))).toEqual([]);
    expect(await db.select().from(rooms).where(eq(rooms.id, r.roomId))).toEqual([]);
    expect(await db.select().from(gameEvents).where(eq(gameEvents.gameId, r.gameId))).toEqual([]);
    // Its admin's session is over at once.
    expect((await suite.ctx.app.inject({ url: '/api/v1/audit-log', headers: adminSession })).statusCode).toBe(
      401,
    );
    // The erasure is recorded, under the organization's name.
    const log = await suite.ctx.app.inject({ url: '/api/v1/audit-log?action=org.erase', headers: root });
    expect(log.json().items[0]).toMatchObject({ target: r.org.name, orgId: r.org.id });
  });

  it("is the super admin's alone, and never of their own organization", async () => {
    const r = await playedRoom();
    const admin = (await signIn(suite.ctx.app, r.admin)).headers;
    expect((await erase(r.org.id, r.org.name, admin)).statusCode).toBe(403);
    const rootUser = await createUser(suite.ctx.database, 'SUPER_ADMIN', r.org.id);
    const own = await erase(r.org.id, r.org.name, (await signIn(suite.ctx.app, rootUser)).headers);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(english('orgData.ownOrganization'));
  });
});

describe('POST /erase-player/{id}', () => {
  it("erases a player's names everywhere and ends their session; the games and the win stay, anonymized", async () => {
    const r = await playedRoom();
    const [alice, bob] = r.players;
    const aliceSession = (await signIn(suite.ctx.app, alice!)).headers;
    const admin = (await signIn(suite.ctx.app, r.admin)).headers;
    const res = await suite.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/erase-player/${alice!.id}`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(english('orgData.playerErased'));

    const { db } = suite.ctx.database;
    const [row] = await db.select().from(users).where(eq(users.id, alice!.id));
    expect(row).toMatchObject({
      firstName: ERASED_PLAYER.firstName,
      lastName: ERASED_PLAYER.lastName,
      username: erasedUsername(alice!.id),
    });
    const events = await db.select().from(gameEvents).where(eq(gameEvents.gameId, r.gameId));
    expect(events).toHaveLength(4);
    const text = JSON.stringify(events);
    expect(text).not.toContain(alice!.username!);
    expect(text).toContain(bob!.username!);
    expect(events.find((e) => e.type === 'bingo')!.payload).toMatchObject({
      userId: alice!.id,
      username: erasedUsername(alice!.id),
    });
    // The room's report still counts the win, under the anonymous name.
    const report = await suite.ctx.app.inject({ url: `/api/v1/get-room-report/${r.roomId}`, headers: admin });
    expect(report.statusCode).toBe(200);
    expect(report.body).toContain(erasedUsername(alice!.id));
    expect(report.body).not.toContain(alice!.username!);
    expect(
      (await suite.ctx.app.inject({ url: `/api/v1/getroombyid/${r.roomId}`, headers: aliceSession }))
        .statusCode,
    ).toBe(401);
    // The audit entry names the account by id alone.
    const log = await suite.ctx.app.inject({ url: '/api/v1/audit-log?action=user.erase', headers: admin });
    expect(log.json().items[0]).toMatchObject({ targetId: String(alice!.id), target: null });
    expect(JSON.stringify(log.json())).not.toContain(alice!.username!);
  });

  it("is refused to facilitators, another organization's admin, and for staff accounts", async () => {
    const r = await playedRoom();
    const [alice] = r.players;
    const url = `/api/v1/erase-player/${alice!.id}`;
    const facilitator = (await signIn(suite.ctx.app, r.staff)).headers;
    expect((await suite.ctx.app.inject({ method: 'POST', url, headers: facilitator })).statusCode).toBe(403);
    const stranger = (await signInNewUser(suite.ctx, 'ADMIN', (await createOrg(suite.ctx.database)).id))
      .headers;
    expect((await suite.ctx.app.inject({ method: 'POST', url, headers: stranger })).statusCode).toBe(404);
    const staffUrl = `/api/v1/erase-player/${r.staff.id}`;
    expect((await suite.ctx.app.inject({ method: 'POST', url: staffUrl, headers: root })).statusCode).toBe(
      404,
    );
    const [still] = await suite.ctx.database.db
      .select()
      .from(users)
      .where(inArray(users.id, [alice!.id]));
    expect(still!.username).toBe(alice!.username);
  });
});
