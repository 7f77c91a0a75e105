import type { AddressInfo } from 'node:net';
import { english } from '@playshop/messages/english';
import type { GameSnapshot } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createOrg, createUser, signIn, useTestDatabase } from '../test/context';
import { createQuestionRoom } from '../test/question-room';
import { roomSocket } from '../test/room-socket';

/**
 * A room across a training day (issue 28): End Game, then a new lobby and game in the same room, with
 * the screens that stayed open (phones, a presenter) following without a reload or a new sign-in.
 */
const database = useTestDatabase();
let app: FastifyInstance;
let url: string;
let roomId: number;
let staffToken: string;
let presenterToken: string;
let playerTokens: string[];
const sockets: WebSocket[] = [];

async function client(token: string) {
  return roomSocket(url, token, roomId, sockets);
}
type Client = Awaited<ReturnType<typeof client>>;

/** The next full view of the room a socket was sent. */
async function snapshot(c: Client): Promise<GameSnapshot> {
  for (;;) {
    const { payload } = await c.next('set_game_state');
    if ('roomId' in payload) return payload;
  }
}

const joinCode = async () =>
  (
    await app.inject({
      url: `/api/v1/rooms/${roomId}/join-code`,
      headers: { authorization: `Bearer ${staffToken}` },
    })
  ).json().code as string;

beforeAll(async () => {
  const org = await createOrg(database());
  ({ roomId } = await createQuestionRoom(database(), org.id));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/playshop-unused',
    JWT_SECRET: 'room-lifecycle-secret-room-lifecycle-secret!!',
    LOG_LEVEL: 'silent',
  });
  app = await buildApp({ config, database: database(), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
  staffToken = (await signIn(app, await createUser(database(), 'FACILITATOR', org.id))).body.accessToken;
  presenterToken = (await signIn(app, await createUser(database(), 'ADMIN', org.id))).body.accessToken;
  playerTokens = [];
  for (let i = 0; i < 2; i++)
    playerTokens.push((await signIn(app, await createUser(database(), 'PLAYER', org.id))).body.accessToken);
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await app?.close();
});

describe('a room across games', () => {
  it('opens a new lobby after End Game; screens kept open follow it, and the code stays', async () => {
    const code = await joinCode();
    const staff = await client(staffToken);
    const presenter = await client(presenterToken);
    staff.send('room_event', 'open_lobby');
    await snapshot(staff);
    presenter.send('room_event', 'join_room');
    await snapshot(presenter);
    const phones = await Promise.all(playerTokens.map(client));
    const firstCards = [];
    for (const p of phones) {
      p.send('room_event', 'join_room');
      firstCards.push((await snapshot(p)).bingoBoard);
    }
    staff.send('game_event', 'start_game');
    staff.send('game_event', 'get_roll');
    await phones[0]!.next('get_random_roll');
    staff.send('game_event', 'game_over');
    for (const screen of [...phones, presenter]) await screen.next('game_end');

    // Between games, a screen opened now sees a room with no game, not the ended one as if still on.
    const late = await client(presenterToken);
    late.send('room_event', 'join_room');
    const between = await snapshot(late);
    expect(between).toMatchObject({
      lobbyOpen: false,
      gameStarted: false,
      gameState: 'lobby',
      bingoRolls: [],
      winners: [],
      playerCount: 0,
      connectionClosed: true,
    });
    // Start New Game has no round to replace: the screen offers Open Lobby, and says so if asked.
    staff.send('game_event', 'start_new_game');
    expect((await staff.next('error_event')).payload.error).toBe(english('game.openLobbyFirst'));

    // Open Lobby again: every screen still in the room is given the new game, no reload.
    for (const screen of [...phones, presenter, late]) screen.drain();
    staff.send('room_event', 'open_lobby');
    for (const screen of [...phones, presenter, late]) {
      expect(await snapshot(screen)).toMatchObject({
        lobbyOpen: true,
        gameStarted: false,
        bingoRolls: [],
        bingoBoard: null,
        connectionClosed: false,
      });
    }
    // The phones kept open join with the session they have: a new card each, no new sign-in.
    for (const [i, p] of phones.entries()) {
      p.send('room_event', 'join_room');
      const joined = await p.next('join_room');
      expect('bingoBoard' in joined.payload && joined.payload.bingoBoard).toEqual(expect.any(Array));
      expect('bingoBoard' in joined.payload && joined.payload.bingoBoard).not.toEqual(firstCards[i]);
    }
    staff.send('game_event', 'start_game');
    for (const screen of [...phones, presenter]) await screen.next('start_game');
    staff.send('game_event', 'start_new_game');
    for (const screen of phones) await screen.next('start_new_game');
    expect(await joinCode()).toBe(code);

    // End Game again; the rooms list's Open Lobby (REST) starts the third game for the same screens.
    staff.send('game_event', 'game_over');
    for (const screen of phones) await screen.next('game_end');
    for (const screen of phones) screen.drain();
    const opened = await app.inject({
      method: 'POST',
      url: `/api/v1/rooms/${roomId}/lobby`,
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(opened.statusCode).toBe(200);
    for (const screen of phones) expect(await snapshot(screen)).toMatchObject({ lobbyOpen: true });
    // A player cannot open it.
    const refused = await app.inject({
      method: 'POST',
      url: `/api/v1/rooms/${roomId}/lobby`,
      headers: { authorization: `Bearer ${playerTokens[0]}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(await joinCode()).toBe(code);
  });

  it('a new code reaches every staff screen in the room at once (the presenter too), not the phones', async () => {
    const staff = await client(staffToken);
    const presenter = await client(presenterToken);
    const phone = await client(playerTokens[0]!);
    for (const screen of [staff, presenter, phone]) {
      screen.send('room_event', 'join_room');
      await snapshot(screen);
    }
    const replaced = await app.inject({
      method: 'POST',
      url: `/api/v1/rooms/${roomId}/join-code`,
      headers: { authorization: `Bearer ${staffToken}` },
    });
    const code = replaced.json().code as string;
    for (const screen of [staff, presenter])
      expect((await screen.next('join_code')).payload).toEqual({ code });
    // The guest rule changed on one screen: the others fetch the room's join settings again.
    await app.inject({
      method: 'PUT',
      url: `/api/v1/rooms/${roomId}/guests`,
      headers: { authorization: `Bearer ${staffToken}` },
      payload: { allowGuests: true },
    });
    expect((await presenter.next('join_code')).payload).toEqual({ code });
    // A phone has no use for the code (it is in the room already) and is not sent it.
    expect(phone.received('join_code')).toBe(false);
  });
});
