import { english } from '@playshop/messages/english';
import { JOIN_CODE_ALPHABET } from '@playshop/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { games, organizations, rooms, sessions, users, workshops } from '../db/schema';
import {
  createOrg,
  createRoom,
  createUser,
  headersCaller,
  perMinute,
  signInNewUser,
  twoOrgSuite,
  withTestContext,
} from '../test/context';

const suite = twoOrgSuite({ name: 'Joining Org', allowGuests: true }, { name: 'No Guests Org' });
let roomId: number;
let otherRoomId: number;

beforeAll(async () => {
  const [w] = await suite.ctx.database.db.insert(workshops).values({ name: 'Join Workshop' }).returning();
  await suite.ctx.database.db.insert(sessions).values({ workshopId: w!.id, name: 'Only', orderIndex: 0 });
  const inserted = await suite.ctx.database.db
    .insert(rooms)
    .values([
      { name: 'Main Hall', orgId: suite.org.id, workshopId: w!.id },
      { name: 'Their Hall', orgId: suite.other.id, workshopId: w!.id },
    ])
    .returning();
  roomId = inserted[0]!.id;
  otherRoomId = inserted[1]!.id;
});

const call = headersCaller(() => suite.ctx);

const codeOf = async (id: number) =>
  (await call('GET', `/rooms/${id}/join-code`, suite.as.SUPER_ADMIN)).json().code as string;

/** What the game does when a lobby opens and when the game ends. */
const openLobby = async (id: number) =>
  (await suite.ctx.database.db.insert(games).values({ roomId: id }).returning())[0]!.id;
const endGame = (gameId: number) =>
  suite.ctx.database.db.update(games).set({ endedAt: new Date() }).where(eq(games.id, gameId));

describe('GET /rooms/{id}/join-code', () => {
  it('gives staff a short code of easy characters, the same across games until it is replaced', async () => {
    const res = await call('GET', `/rooms/${roomId}/join-code`, suite.as.FACILITATOR);
    expect(res.statusCode).toBe(200);
    const { code, publicUrl, networkAddresses } = res.json();
    expect(code).toHaveLength(6);
    expect([...code].every((c: string) => JOIN_CODE_ALPHABET.includes(c))).toBe(true);
    expect(publicUrl).toBeNull();
    expect(networkAddresses).toEqual(expect.any(Array));
    expect(await codeOf(roomId)).toBe(code);

    // A day of games: the code on the slides before the first lobby still opens the room after it.
    for (let game = 0; game < 3; game++) {
      const gameId = await openLobby(roomId);
      expect(await codeOf(roomId)).toBe(code);
      expect((await call('GET', `/join/${code}`)).json()).toMatchObject({ roomId, lobbyOpen: true });
      await endGame(gameId);
      expect(await codeOf(roomId)).toBe(code);
    }
    expect((await call('GET', `/join/${code}`)).json()).toMatchObject({ roomId, lobbyOpen: false });
  });

  it("issues a new code on the facilitator's demand; the old one says it was replaced", async () => {
    const old = await codeOf(roomId);
    const res = await call('POST', `/rooms/${roomId}/join-code`, suite.as.FACILITATOR);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().code as string;
    expect(fresh).not.toBe(old);
    expect(await codeOf(roomId)).toBe(fresh);
    expect((await call('GET', `/join/${fresh}`)).json()).toMatchObject({ roomId });
    const gone = await call('GET', `/join/${old}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe(english('join.codeReplaced'));
    // Signing in with it says so too, for players and guests alike.
    const player = await call('POST', '/participantLogin', undefined, { code: old, username: 'anyone' });
    expect([player.statusCode, player.json().message]).toEqual([410, english('join.codeReplaced')]);
    const guest = await call('POST', '/guestLogin', undefined, { code: old, nickname: 'Late' });
    expect([guest.statusCode, guest.json().message]).toEqual([410, english('join.codeReplaced')]);
    // Another organization's staff cannot replace this room's code.
    expect((await call('POST', `/rooms/${roomId}/join-code`, suite.as.OTHER_ADMIN)).statusCode).toBe(404);
    expect(await codeOf(roomId)).toBe(fresh);
  });

  it("is for staff of the room's organization only", async () => {
    expect((await call('GET', `/rooms/${roomId}/join-code`)).statusCode).toBe(401);
    expect((await call('GET', `/rooms/${roomId}/join-code`, suite.as.PLAYER)).statusCode).toBe(403);
    expect((await call('GET', `/rooms/${roomId}/join-code`, suite.as.OTHER_ADMIN)).statusCode).toBe(404);
  });

  it('hands PUBLIC_URL to the page when it is set', async () => {
    await withTestContext({ env: { PUBLIC_URL: 'https://bingo.example.org' } }, async (configured) => {
      const o = await createOrg(configured.database);
      const room = await createRoom(configured.database, o.id, 'R', 'W');
      const admin = await signInNewUser(configured, 'ADMIN', o.id);
      const res = await configured.app.inject({
        url: `/api/v1/rooms/${room.id}/join-code`,
        headers: admin.headers,
      });
      expect(res.json()).toMatchObject({ publicUrl: 'https://bingo.example.org', networkAddresses: [] });
    });
  });
});

describe('PUT /rooms/{id}/guests', () => {
  it("lets the facilitator refuse or allow guests for the room they run, else the organization's setting holds", async () => {
    const code = await codeOf(roomId);
    const set = (allowGuests: boolean | null, who = suite.as.FACILITATOR) =>
      call('PUT', `/rooms/${roomId}/guests`, who, { allowGuests });
    // The organization allows guests; this room refuses them, and the server holds to it.
    const refused = await set(false);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ code, guestsAllowed: false, roomAllowsGuests: false });
    expect((await call('GET', `/join/${code}`)).json()).toMatchObject({ guestsAllowed: false });
    const guest = await call('POST', '/guestLogin', undefined, { code, nickname: 'Nope' });
    // Refused as an unknown code is (issue 30): a guess tells nothing from /guestLogin.
    expect([guest.statusCode, guest.json().message]).toEqual([404, english('join.unknownCode')]);
    // Back to the organization's setting.
    expect((await set(null)).json()).toMatchObject({ guestsAllowed: true, roomAllowsGuests: null });
    expect((await call('GET', `/join/${code}`)).json()).toMatchObject({ guestsAllowed: true });
    // A room of an organization without guests can still allow them for its own game.
    const otherCode = (await call('GET', `/rooms/${otherRoomId}/join-code`, suite.as.SUPER_ADMIN)).json()
      .code;
    expect((await call('GET', `/join/${otherCode}`)).json()).toMatchObject({ guestsAllowed: false });
    expect(
      (await call('PUT', `/rooms/${otherRoomId}/guests`, suite.as.SUPER_ADMIN, { allowGuests: true })).json(),
    ).toMatchObject({ guestsAllowed: true, roomAllowsGuests: true });
    expect((await call('GET', `/join/${otherCode}`)).json()).toMatchObject({ guestsAllowed: true });
    await call('PUT', `/rooms/${otherRoomId}/guests`, suite.as.SUPER_ADMIN, { allowGuests: null });
    // Nobody changes another organization's room, and players change none.
    expect((await set(true, suite.as.OTHER_ADMIN)).statusCode).toBe(404);
    expect((await set(true, suite.as.PLAYER)).statusCode).toBe(403);
    expect(
      (await call('PUT', `/rooms/${roomId}/guests`, suite.as.FACILITATOR, { allowGuests: 'yes' })).statusCode,
    ).toBe(400);
  });
});

describe('GET /join/{code}', () => {
  it('tells a phone the room, its organization, whether guests may join and whether the lobby is open', async () => {
    const code = await codeOf(roomId);
    const typed = `${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`;
    expect((await call('GET', `/join/${encodeURIComponent(typed)}`)).json()).toEqual({
      code,
      roomId,
      roomName: 'Main Hall',
      org: 'Joining Org',
      orgId: suite.org.id,
      guestsAllowed: true,
      lobbyOpen: false,
      branding: null,
      language: 'en',
    });
  });

  it("answers 'Unknown room code' for a code no room has, and for one that cannot be a code", async () => {
    for (const bad of ['AAAAAA', 'ABC', 'O0O0O0']) {
      const res = await call('GET', `/join/${bad}`);
      expect([400, 404]).toContain(res.statusCode);
      expect(res.json().message).toBe(english('join.unknownCode'));
    }
  });
});

describe('POST /participantLogin with a room code', () => {
  it("signs in a player of the code's organization and nobody else's", async () => {
    const code = await codeOf(roomId);
    const mine = await createUser(suite.ctx.database, 'PLAYER', suite.org.id);
    const theirs = await createUser(suite.ctx.database, 'PLAYER', suite.other.id);
    expect(
      (await call('POST', '/participantLogin', {}, { username: mine.username, code })).json(),
    ).toMatchObject({
      userId: mine.id,
      org: 'Joining Org',
    });
    expect(
      (await call('POST', '/participantLogin', {}, { username: theirs.username, code })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/participantLogin', {}, { username: mine.username, code: 'ZZZZZZ' })).statusCode,
    ).toBe(404);
  });
});

describe('POST /guestLogin', () => {
  const guest = (code: string, nickname: string) => call('POST', '/guestLogin', {}, { code, nickname });

  it("refuses while the lobby is not open: 'Lobby not open'", async () => {
    const res = await guest(await codeOf(roomId), 'Early Bird');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: english('game.lobbyNotOpen'), code: 'LOBBY_NOT_OPEN' });
  });

  it('refuses a room of an organization that does not allow guests exactly as an unknown code', async () => {
    const code = await codeOf(otherRoomId);
    await openLobby(otherRoomId);
    const res = await guest(code, 'Sam');
    const unknown = await guest('ZZZZZZ', 'Sam');
    // Same status, same body: a guess cannot tell a real room without guests from a bogus code.
    expect(res.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(res.body).toBe(unknown.body);
    expect(res.json()).toEqual({
      message: english('join.unknownCode'),
      key: 'join.unknownCode',
      code: 'NOT_FOUND',
    });
  });

  it('refuses an unknown code, a bad nickname and an offensive one, each with its reason', async () => {
    expect((await guest('ZZZZZZ', 'Sam')).json()).toMatchObject({ message: english('join.unknownCode') });
    const code = await codeOf(roomId);
    expect((await guest(code, '<script>')).json()).toMatchObject({
      message: english('join.nicknameInvalid'),
      field: 'nickname',
    });
    expect((await guest(code, 'x'.repeat(30))).json()).toMatchObject({
      message: english('join.nicknameTooLong'),
    });
    expect((await guest(code, '   ')).json()).toMatchObject({ message: english('join.nicknameRequired') });
    await openLobby(roomId);
    const rude = await guest(code, 'sh1t head');
    expect(rude.statusCode).toBe(400);
    expect(rude.json()).toMatchObject({ message: english('join.nicknameBlocked'), field: 'nickname' });
  });

  it("creates a guest player in the room's organization, nickname made unique, and signs them in", async () => {
    const code = await codeOf(roomId);
    const first = await guest(code, '  Sam  ');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ username: 'Sam', org: 'Joining Org', role: 'PLAYER', roomId });
    expect(first.cookies.some((c) => c.name === 'playshop_refresh')).toBe(true);
    expect((await guest(code, 'sam')).json()).toMatchObject({ username: 'sam 2' });
    const [row] = await suite.ctx.database.db.select().from(users).where(eq(users.id, first.json().userId));
    expect(row).toMatchObject({
      isGuest: true,
      guestRoomId: roomId,
      orgId: suite.org.id,
      firstName: 'Sam',
    });

    // Their token works like any player's.
    const rooms = await call('GET', `/getroombyid/${roomId}`, {
      authorization: `Bearer ${first.json().accessToken}`,
    });
    expect(rooms.statusCode).toBe(200);
    // Nobody can sign in as a guest by typing the name they saw on screen.
    const taken = await call('POST', '/participantLogin', {}, { username: 'Sam', code });
    expect(taken.statusCode).toBe(403);
    expect(taken.json().message).toBe(english('join.guestNoUsername'));
  });

  it('refuses guests of an expired organization', async () => {
    await suite.ctx.database.db
      .update(organizations)
      .set({ expiry: '2000-01-01' })
      .where(eq(organizations.id, suite.org.id));
    try {
      const res = await guest(await codeOf(roomId), 'Late');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ORG_EXPIRED');
    } finally {
      await suite.ctx.database.db
        .update(organizations)
        .set({ expiry: null })
        .where(eq(organizations.id, suite.org.id));
    }
  });

  it('is rate-limited per room and per address', async () => {
    await withTestContext({ rateLimits: perMinute({ guestPerRoom: 1, guestPerIp: 2 }) }, async (limited) => {
      const o = await createOrg(limited.database, { allowGuests: true });
      const [w] = await limited.database.db.insert(workshops).values({ name: 'W' }).returning();
      const made = await limited.database.db
        .insert(rooms)
        .values([
          { name: 'R1', orgId: o.id, workshopId: w!.id, joinCode: 'AAAAAA' },
          { name: 'R2', orgId: o.id, workshopId: w!.id, joinCode: 'BBBBBB' },
        ])
        .returning();
      await limited.database.db.insert(games).values(made.map((r) => ({ roomId: r.id })));
      const join = (code: string, ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/guestLogin',
          payload: { code, nickname: 'Kim' },
          remoteAddress: ip,
        });
      expect((await join('AAAAAA', '10.9.0.1')).statusCode).toBe(200);
      // The room is full for this minute, from any address.
      expect((await join('AAAAAA', '10.9.0.2')).statusCode).toBe(429);
      expect((await join('BBBBBB', '10.9.0.1')).statusCode).toBe(200);
      // This address has used its two.
      expect((await join('BBBBBB', '10.9.0.1')).statusCode).toBe(429);
    });
  });
});

describe('POST /participantLogin rate limits', () => {
  it('keys on the organization, username and address, so one address can sign many players in', async () => {
    await withTestContext(
      { rateLimits: perMinute({ participantPerAccount: 1, participantPerOrg: 3 }) },
      async (limited) => {
        const o = await createOrg(limited.database, { name: 'Nat Org' });
        const players = await Promise.all(
          [1, 2, 3, 4].map(() => createUser(limited.database, 'PLAYER', o.id)),
        );
        const login = (username: string | null) =>
          limited.app.inject({
            method: 'POST',
            url: '/api/v1/participantLogin',
            payload: { username, org: 'Nat Org' },
            remoteAddress: '10.8.0.1',
          });
        expect((await login(players[0]!.username)).statusCode).toBe(200);
        // The same player again within the minute: refused.
        expect((await login(players[0]!.username)).statusCode).toBe(429);
        // Another player behind the same address: fine.
        expect((await login(players[1]!.username)).statusCode).toBe(200);
        // This address's budget for the organization (3 tries) is spent.
        expect((await login(players[2]!.username)).statusCode).toBe(429);
      },
    );
  });
});

describe('DELETE /rooms/{id}/guests', () => {
  it("removes the room's guests once its game is over, keeping its other players (admins only)", async () => {
    const code = await codeOf(roomId);
    const kept = await createUser(suite.ctx.database, 'PLAYER', suite.org.id);
    expect((await call('POST', '/guestLogin', {}, { code, nickname: 'Leaving Soon' })).statusCode).toBe(200);

    const busy = await call('DELETE', `/rooms/${roomId}/guests`, suite.as.ADMIN);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(english('join.closeLobbyFirst'));
    const open = await suite.ctx.database.db.select().from(games).where(eq(games.roomId, roomId));
    for (const g of open) await endGame(g.id);

    expect((await call('DELETE', `/rooms/${roomId}/guests`, suite.as.FACILITATOR)).statusCode).toBe(403);
    expect((await call('DELETE', `/rooms/${roomId}/guests`, suite.as.OTHER_ADMIN)).statusCode).toBe(404);
    expect((await call('DELETE', `/rooms/${roomId}/guests`)).statusCode).toBe(401);
    const res = await call('DELETE', `/rooms/${roomId}/guests`, suite.as.ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: english('join.guestsRemoved'), removed: 3 });
    const left = await suite.ctx.database.db.select().from(users).where(eq(users.orgId, suite.org.id));
    expect(left.some((u) => u.isGuest)).toBe(false);
    expect(left.some((u) => u.id === kept.id)).toBe(true);
  });
});
