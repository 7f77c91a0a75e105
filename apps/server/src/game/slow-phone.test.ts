/**
 * A phone that stops reading (a bad link): its socket's unsent buffer is bounded. Past 1 MB the
 * server lets the socket go at once, freeing its buffer, while the room goes on for everyone else;
 * the phone reconnects and resyncs from its snapshot.
 */
import type { Socket } from 'node:net';
import type { ServerMessage } from '@playshop/shared';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { categories, rooms } from '../db/schema';
import { addSessions, createRoomWithPeople, signIn } from '../test/context';
import { listeningSuite } from '../test/listening-suite';
import { insertContent } from '../test/question-room';

const lines: string[] = [];
const suite = listeningSuite({
  env: { LOG_LEVEL: 'warn' },
  logger: true,
  logStream: { stream: { write: (l) => void lines.push(l) } },
});

async function open(token: string) {
  const ws = new WebSocket(`${suite.wsUrl}?token=${encodeURIComponent(token)}`);
  suite.sockets.push(ws);
  const inbox: ServerMessage[] = [];
  ws.on('message', (d) => inbox.push(JSON.parse(String(d))));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return {
    ws,
    inbox,
    send: (m: unknown) => ws.send(JSON.stringify(m)),
    async next<T extends ServerMessage['type']>(type: T): Promise<Extract<ServerMessage, { type: T }>> {
      for (let i = 0; i < 500; i++) {
        const at = inbox.findIndex((m) => m.type === type);
        if (at >= 0) return inbox.splice(at, 1)[0] as Extract<ServerMessage, { type: T }>;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no ${type}`);
    },
  };
}
const connections = () =>
  new Promise<number>((resolve, reject) =>
    suite.ctx.app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))),
  );

it('a socket that stops reading is let go past 1 MB unsent; the room goes on; it resyncs on reconnect', async () => {
  const { db } = suite.ctx.database;
  const { roomId, staff, players, org } = await createRoomWithPeople(suite.ctx.database, 1);
  // The staff's snapshot carries the session's queue: one item with a 64 KB title makes it large,
  // so a hundred of them (one burst of commands) is more than the kernel's buffers and 1 MB.
  const [room] = await db.select().from(rooms).where(eq(rooms.id, roomId));
  const [category] = await db
    .insert(categories)
    .values({ name: `Slow ${org.id}` })
    .returning();
  const [item] = await insertContent(db, category!.id, [{ title: 'x'.repeat(64_000), type: 'VIDEO' }]);
  await addSessions(db, room!.workshopId, [{ name: 'Long', contentIds: [item!.id] }]);

  const staffToken = (await signIn(suite.ctx.app, staff)).body.accessToken;
  const msg = (type: string, action: string) => ({ type, payload: { action, roomId } });
  const facilitator = await open(staffToken);
  facilitator.send(msg('room_event', 'open_lobby'));
  await facilitator.next('set_game_state');
  const player = await open((await signIn(suite.ctx.app, players[0]!)).body.accessToken);
  player.send(msg('room_event', 'join_room'));
  await player.next('set_game_state');
  facilitator.send(msg('game_event', 'start_game'));
  await player.next('start_game');

  // The slow phone: a staff screen whose TCP socket stops reading, asking for its snapshot 100 times.
  const slow = await open(staffToken);
  const before = await connections();
  (slow.ws as unknown as { _socket: Socket })._socket.pause();
  for (let i = 0; i < 100; i++) slow.send(msg('room_event', 'join_room'));

  // The server lets it go: its connection is gone within seconds (not ws's 30 s close wait).
  for (let i = 0; i < 100 && (await connections()) >= before; i++)
    await new Promise((r) => setTimeout(r, 50));
  expect(await connections()).toBe(before - 1);
  expect(lines.some((l) => l.includes('closing a socket that fell behind'))).toBe(true);
  // Everyone else plays on.
  facilitator.send(msg('game_event', 'get_roll'));
  const roll = (await player.next('get_random_roll')).payload.roll;

  // The phone comes back on a new socket and is brought up to date from its snapshot.
  const back = await open(staffToken);
  back.send({ type: 'room_event', payload: { action: 'reconnect', roomId, lastSeq: 0 } });
  expect((await back.next('Reconnected')).payload.missedRolls).toEqual([roll]);
  expect((await back.next('set_game_state')).payload).toMatchObject({ bingoRolls: [roll] });
});
