import type { ServerMessage } from '@playshop/shared';
import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRoomWithPeople, signIn } from '../test/context';
import { listeningSuite } from '../test/listening-suite';
import { PRESENCE_INTERVAL_MS } from './presence';

const suite = listeningSuite();

async function open(token: string) {
  const ws = new WebSocket(`${suite.wsUrl}?token=${encodeURIComponent(token)}`);
  suite.sockets.push(ws);
  const inbox: (ServerMessage & { at: number })[] = [];
  ws.on('message', (d) => inbox.push({ ...JSON.parse(String(d)), at: Date.now() }));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const until = async (type: string) => {
    for (let i = 0; i < 500 && !inbox.some((m) => m.type === type); i++)
      await new Promise((r) => setTimeout(r, 10));
  };
  return { ws, inbox, until, send: (m: unknown) => ws.send(JSON.stringify(m)) };
}

it('a storm of 40 players joining and leaving twice costs each watcher a few frames a second', async () => {
  const { roomId, staff, players } = await createRoomWithPeople(suite.ctx.database, 41);
  const token = async (u: Parameters<typeof signIn>[1]) => (await signIn(suite.ctx.app, u)).body.accessToken;
  const msg = (action: string) => ({ type: 'room_event', payload: { action, roomId } });
  const facilitator = await open(await token(staff));
  facilitator.send(msg('open_lobby'));
  await facilitator.until('set_game_state');
  const watcher = await open(await token(players[0]!));
  watcher.send(msg('join_room'));
  await watcher.until('set_game_state');
  const crowd = await Promise.all(players.slice(1).map(async (p) => open(await token(p))));
  await new Promise((r) => setTimeout(r, 2 * PRESENCE_INTERVAL_MS));
  watcher.inbox.length = 0;

  const start = Date.now();
  for (let round = 0; round < 2; round++) {
    for (const c of crowd) c.send(msg('join_room'));
    await Promise.all(crowd.map((c) => c.until('set_game_state')));
    for (const c of crowd) c.inbox.length = 0;
    // Half of them leave again.
    for (const c of crowd.slice(0, 20)) c.send(msg('leave_room'));
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 3 * PRESENCE_INTERVAL_MS));
  const seconds = (Date.now() - start) / 1000;
  const frames = watcher.inbox.filter((m) => m.type === 'presence');
  // 160 comings and goings; one frame per arrival would be 120 frames here.
  expect(frames.length).toBeLessThanOrEqual(Math.ceil((seconds * 1000) / PRESENCE_INTERVAL_MS) + 1);
  expect(frames.length).toBeLessThan(20);
  expect(watcher.inbox.some((m) => m.type === 'user_joined' || m.type === 'leave_room')).toBe(false);
  const last = frames.at(-1) as Extract<ServerMessage, { type: 'presence' }>;
  // The watcher and the 20 who stayed.
  expect(last.payload.playerCount).toBe(21);
  const present = new Set<string>();
  for (const f of frames as Extract<ServerMessage, { type: 'presence' }>[]) {
    for (const n of f.payload.joined) present.add(n);
    for (const n of f.payload.left) present.delete(n);
  }
  expect(present.size).toBe(20);
});
