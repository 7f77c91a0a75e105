/**
 * Issue 43, items 1–4: a session ends when a rule says so, and nothing of it acts after: its refresh
 * is refused, its game socket is closed, a command sent on it is not applied and its resume ticket
 * gets no 101 and no state. And "where you're signed in": a staff account's sessions, signed out
 * one at a time or all but this one, and an admin signing a user out everywhere, audited.
 */
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, games, rooms } from '../db/schema';
import {
  createOrg,
  createRoomWithPeople,
  createTestContext,
  createUser,
  PUBLIC_URL,
  signIn,
  signInNewUser,
  type TestContext,
} from '../test/context';
import { gameClient } from '../test/instances';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../test/oidc-provider';
import {
  lobbyScreen,
  logOutClosesScreen,
  roomEvents,
  roomMessage,
  expectTicketRefused as ticketRefused,
} from '../test/session-end';
import { signInSettings } from '../test/two-factor';

let ctx: TestContext;
let url: string;
let provider: TestOidcProvider;
let root: Awaited<ReturnType<typeof signInNewUser>>;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/ws`;
  provider = await startOidcProvider([`${PUBLIC_URL}/sso/callback`]);
  root = await signInNewUser(ctx, 'SUPER_ADMIN', (await createOrg(ctx.database)).id);
});
afterAll(async () => {
  await provider?.close();
  await ctx?.close();
});

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  headers: object,
  payload?: object,
) =>
  ctx.app.inject({ method, url: `/api/v1${path}`, headers: { ...headers }, ...(payload ? { payload } : {}) });
const refresh = (cookie: string, userAgent?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/refresh',
    cookies: { playshop_refresh: cookie },
    headers: { 'x-requested-with': 'playshop', ...(userAgent ? { 'user-agent': userAgent } : {}) },
  });
const msg = roomMessage;
const eventsOf = (roomId: number, type: string) => roomEvents(ctx.database.db, roomId, type);

/** A screen's resume ticket: it opens a socket with the token, takes the ticket and drops. */
async function ticketOf(token: string) {
  const screen = gameClient(url, token);
  await screen.opened;
  const ticket = (await screen.next('pong')).payload.resume!;
  screen.ws.terminate();
  return ticket;
}

const expectTicketRefused = (ticket: string) => ticketRefused(url, ticket);

describe('item 1: a logout ends the session on the socket too', () => {
  it('refuses the ticket after logout, closes the socket and applies no command sent after it', async () => {
    const room = await createRoomWithPeople(ctx.database, 0);
    const staff = await signIn(ctx.app, room.staff);
    const { screen, ticket } = await lobbyScreen(url, staff.body.accessToken, room.roomId);

    await logOutClosesScreen(ctx.app, staff.refreshCookie, screen, room.roomId);
    expect(await eventsOf(room.roomId, 'game_ended')).toBe(0);
    await expectTicketRefused(ticket);
    expect((await refresh(staff.refreshCookie)).statusCode).toBe(401);
  });
});

describe('item 2: deleted, demoted and erased users', () => {
  it('refuses their tickets at the upgrade, with no state sent', async () => {
    const org = await createOrg(ctx.database);
    const deleted = await createUser(ctx.database, 'FACILITATOR', org.id);
    const demoted = await createUser(ctx.database, 'ADMIN', org.id);
    const erased = await createUser(ctx.database, 'PLAYER', org.id);
    const tickets = {
      deleted: await ticketOf((await signIn(ctx.app, deleted)).body.accessToken),
      demoted: await ticketOf((await signIn(ctx.app, demoted)).body.accessToken),
      erased: await ticketOf((await signIn(ctx.app, erased)).body.accessToken),
    };
    expect((await api('DELETE', `/delete-admin/${deleted.id}`, root.headers)).statusCode).toBe(200);
    const demote = await api('PATCH', '/edit-admin', root.headers, {
      id: demoted.id,
      firstName: demoted.firstName,
      lastName: demoted.lastName,
      email: demoted.email,
      role: 'FACILITATOR',
      organizationId: org.id,
    });
    expect(demote.statusCode).toBe(200);
    expect((await api('POST', `/erase-player/${erased.id}`, root.headers)).statusCode).toBe(200);
    await expectTicketRefused(tickets.deleted);
    await expectTicketRefused(tickets.demoted);
    await expectTicketRefused(tickets.erased);
  });
});

describe('item 2: guests removed with their room', () => {
  it('refuses their tickets at the upgrade, with no state sent', async () => {
    const room = await createRoomWithPeople(ctx.database, 0);
    await ctx.database.db.update(rooms).set({ allowGuests: true }).where(eq(rooms.id, room.roomId));
    const staff = gameClient(url, (await signIn(ctx.app, room.staff)).body.accessToken);
    await staff.opened;
    staff.send(msg(room.roomId, 'room_event', 'open_lobby'));
    await staff.next('set_game_state');
    const code = (await api('GET', `/rooms/${room.roomId}/join-code`, root.headers)).json().code;
    const guest = await api('POST', '/guestLogin', {}, { code, nickname: 'Soon Gone' });
    expect(guest.statusCode).toBe(200);
    const ticket = await ticketOf(guest.json().accessToken);
    staff.ws.terminate();
    await ctx.database.db.update(games).set({ endedAt: new Date() }).where(eq(games.roomId, room.roomId));
    const admin = await signInNewUser(ctx, 'ADMIN', room.org.id);
    const removed = await api('DELETE', `/rooms/${room.roomId}/guests`, admin.headers);
    expect(removed.json()).toMatchObject({ removed: 1 });
    await expectTicketRefused(ticket);
  });
});

describe('item 3: sign-in rules turned on end the sessions they no longer allow', () => {
  it("two-factor required of an organization's admins: an admin without it renews no more", async () => {
    const org = await createOrg(ctx.database);
    const admin = await signInNewUser(ctx, 'ADMIN', org.id);
    const facilitator = await signInNewUser(ctx, 'FACILITATOR', org.id);
    const save = await api(
      'PUT',
      `/organizations/${org.id}/sign-in`,
      root.headers,
      signInSettings({ requireTwoFactorForAdmins: true }),
    );
    expect(save.statusCode, save.body).toBe(200);
    expect((await refresh(admin.refreshCookie)).statusCode).toBe(401);
    expect((await api('GET', `/check-org-expiry/${org.id}`, admin.headers)).statusCode).toBe(401);
    // The rule is for admins: a facilitator's session goes on.
    expect((await refresh(facilitator.refreshCookie)).statusCode).toBe(200);
  });

  it('two-factor required of all staff: every staff session without it ends; the one that changed it keeps a bounded grace', async () => {
    const org = await createOrg(ctx.database);
    const facilitator = await signInNewUser(ctx, 'FACILITATOR', org.id);
    const player = await signInNewUser(ctx, 'PLAYER', org.id);
    const operator = await signInNewUser(ctx, 'SUPER_ADMIN', org.id);
    const on = await api('PUT', '/product-sign-in', operator.headers, { requireTwoFactorForStaff: true });
    try {
      expect(on.statusCode).toBe(200);
      expect((await refresh(facilitator.refreshCookie)).statusCode).toBe(401);
      expect((await refresh(player.refreshCookie)).statusCode).toBe(200);
      // The grace: its access token still acts (it can turn the rule back off), its refresh is refused.
      expect((await refresh(operator.refreshCookie)).statusCode).toBe(401);
    } finally {
      const off = await api('PUT', '/product-sign-in', operator.headers, { requireTwoFactorForStaff: false });
      expect(off.statusCode).toBe(200);
      // The rule ended the test's super admin session too: a new one for the tests after.
      root = await signInNewUser(ctx, 'SUPER_ADMIN', (await createOrg(ctx.database)).id);
    }
  });

  it('password sign-in turned off: password sessions renew no more, single sign-on ones go on', async () => {
    const org = await createOrg(ctx.database, { name: 'Sessions Sso Org' });
    const admin = await signInNewUser(ctx, 'ADMIN', org.id);
    const facilitator = await signInNewUser(ctx, 'FACILITATOR', org.id);
    const sso = {
      ssoEnabled: true,
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
    };
    expect(
      (await api('PUT', `/organizations/${org.id}/sign-in`, admin.headers, signInSettings(sso))).statusCode,
    ).toBe(200);
    const viaSso = await ssoSignIn(org.name, facilitator.user.email!);
    const off = await api(
      'PUT',
      `/organizations/${org.id}/sign-in`,
      root.headers,
      signInSettings({ ...sso, passwordSignInDisabled: true }),
    );
    expect(off.statusCode, off.body).toBe(200);
    expect((await refresh(admin.refreshCookie)).statusCode).toBe(401);
    expect((await refresh(facilitator.refreshCookie)).statusCode).toBe(401);
    expect((await refresh(viaSso)).statusCode).toBe(200);
  });
});

/** A single sign-on as `email` through the test provider: the session's refresh cookie. */
async function ssoSignIn(orgName: string, email: string) {
  provider.addAccount({ email, emailVerified: true });
  const start = await api('POST', '/sso/start', {}, { org: orgName });
  expect(start.statusCode, start.body).toBe(200);
  const attempt = start.cookies.find((c) => c.name === 'playshop_sso')!;
  const callback = await signInAtProvider(start.json().authorizationUrl, email);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/sso/callback',
    payload: { query: callback.search },
    cookies: { playshop_sso: attempt.value },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.cookies.find((c) => c.name === 'playshop_refresh')!.value;
}

describe('item 4: a licence that ends', () => {
  it('closes the facilitator socket and applies no roll sent after the change', async () => {
    const room = await createRoomWithPeople(ctx.database, 1);
    const staff = gameClient(url, (await signIn(ctx.app, room.staff)).body.accessToken);
    const phone = gameClient(url, (await signIn(ctx.app, room.players[0]!)).body.accessToken);
    await Promise.all([staff.opened, phone.opened]);
    staff.send(msg(room.roomId, 'room_event', 'open_lobby'));
    await staff.next('set_game_state');
    phone.send(msg(room.roomId, 'room_event', 'join_room'));
    await phone.next('join_room');
    staff.send(msg(room.roomId, 'game_event', 'start_game'));
    await phone.next('start_game');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const edit = await api('PATCH', '/edit-org', root.headers, { id: room.org.id, expiry: yesterday });
    expect(edit.statusCode).toBe(200);
    staff.send(msg(room.roomId, 'game_event', 'get_roll'));
    expect(await staff.closed).toBe(4403);
    expect(await phone.closed).toBe(4403);
    expect(await eventsOf(room.roomId, 'ball_rolled')).toBe(0);
    expect(phone.all.filter((f) => f.type === 'get_random_roll')).toEqual([]);
  });
});

describe("where you're signed in", () => {
  it('lists the live sessions (current marked), signs out one, then all others', async () => {
    const org = await createOrg(ctx.database);
    const user = await createUser(ctx.database, 'FACILITATOR', org.id);
    const here = await signIn(ctx.app, user);
    const phone = await signIn(ctx.app, user);
    const laptop = await signIn(ctx.app, user);
    // A refresh says where it was seen.
    expect((await refresh(phone.refreshCookie, 'Phone browser')).statusCode).toBe(200);
    const list = await api('GET', '/sessions', here.headers);
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as { id: string; current: boolean; kind: string; userAgent: string }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.every((s) => s.kind === 'password')).toBe(true);
    expect(sessions.map((s) => s.userAgent)).toContain('lightMyRequest');

    const laptopId = (await api('GET', '/sessions', laptop.headers))
      .json()
      .find((s: { current: boolean }) => s.current).id;
    expect((await api('POST', `/sessions/${laptopId}/end`, here.headers)).json()).toEqual({ ended: 1 });
    expect((await refresh(laptop.refreshCookie)).statusCode).toBe(401);
    expect((await api('GET', '/sessions', here.headers)).json()).toHaveLength(2);

    expect((await api('POST', '/sessions/end-others', here.headers)).json()).toEqual({ ended: 1 });
    expect((await refresh(phone.refreshCookie)).statusCode).toBe(401);
    const left = (await api('GET', '/sessions', here.headers)).json();
    expect(left).toEqual([expect.objectContaining({ current: true })]);
    // A facilitator's sign-outs are audited too (the trail records admins' changes only).
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, 'signInSession.end_others')));
    expect(entry).toBeDefined();
  });

  it("refuses another user's session id as not found, and a malformed one with 400", async () => {
    const org = await createOrg(ctx.database);
    const mine = await signInNewUser(ctx, 'FACILITATOR', org.id);
    const theirs = await signInNewUser(ctx, 'FACILITATOR', org.id);
    const theirId = (await api('GET', '/sessions', theirs.headers)).json()[0].id;
    expect((await api('POST', `/sessions/${theirId}/end`, mine.headers)).statusCode).toBe(404);
    expect((await refresh(theirs.refreshCookie)).statusCode).toBe(200);
    for (const bad of ['not-a-session', '-'.repeat(36), `${theirId}x`])
      expect((await api('POST', `/sessions/${bad}/end`, mine.headers)).statusCode).toBe(400);
    // Players have no such list.
    const player = await signInNewUser(ctx, 'PLAYER', org.id);
    expect((await api('GET', '/sessions', player.headers)).statusCode).toBe(403);
  });

  it('an admin signs a user of the organization out everywhere (audited); not one of another organization', async () => {
    const org = await createOrg(ctx.database);
    const other = await createOrg(ctx.database);
    const admin = await signInNewUser(ctx, 'ADMIN', org.id);
    const player = await signInNewUser(ctx, 'PLAYER', org.id);
    const stranger = await signInNewUser(ctx, 'FACILITATOR', other.id);
    const ticket = await ticketOf(player.body.accessToken);
    const res = await api('POST', `/users/${player.user.id}/sessions/end`, admin.headers);
    expect(res.json()).toEqual({ ended: 1 });
    expect((await refresh(player.refreshCookie)).statusCode).toBe(401);
    await expectTicketRefused(ticket);
    expect((await api('POST', `/users/${stranger.user.id}/sessions/end`, admin.headers)).statusCode).toBe(
      404,
    );
    expect((await refresh(stranger.refreshCookie)).statusCode).toBe(200);
    // A super admin: any user.
    expect((await api('POST', `/users/${stranger.user.id}/sessions/end`, root.headers)).json()).toEqual({
      ended: 1,
    });
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'signInSession.end_user'));
    expect(entries.map((e) => [e.actorId, e.targetId])).toEqual(
      expect.arrayContaining([
        [admin.user.id, String(player.user.id)],
        [root.user.id, String(stranger.user.id)],
      ]),
    );
  });
});
