/**
 * The baseline: a bare `ws` broadcast server speaking just enough of the game protocol for the load
 * generator (open a lobby, join a room and get a card, start, roll, end). No auth, no database, no
 * rules: the floor that the real server's cost is compared with. Each frame is serialised once.
 *
 * With REDIS_URL (bench:ws:two, one room over two processes) it is the floor of a room split over
 * processes: each room broadcast also goes out once on Redis pub/sub (`<REDIS_PREFIX>:bare`) and every
 * other process writes it to its own sockets of the room, the usual shape of a `ws` server scaled
 * out (as socket.io's Redis adapter does). A join stays in the process that got it.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { type WebSocket, WebSocketServer } from 'ws';

const port = Number(process.env.PORT ?? 0);
const wss = new WebSocketServer({ port, host: '127.0.0.1', perMessageDeflate: false });
const rooms = new Map<number, Set<WebSocket>>();
const rolled = new Map<number, number[]>();
let seq = 0;

const frame = (type: string, payload: unknown) => JSON.stringify({ type, payload, seq: ++seq });
const deliver = (roomId: number, data: string) => {
  for (const member of rooms.get(roomId) ?? []) member.send(data);
};

const origin = randomUUID();
const channel = `${process.env.REDIS_PREFIX ?? 'bare'}:bare`;
const publisher = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : null;
const subscriber = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : null;
/** LISTENING is printed once the process hears the others. */
const subscribed = subscriber?.subscribe(channel) ?? Promise.resolve();
if (subscriber) {
  subscriber.on('message', (_channel: string, raw: string) => {
    const message = JSON.parse(raw) as { origin: string; roomId: number; data: string };
    if (message.origin !== origin) deliver(message.roomId, message.data);
  });
}
const broadcast = (roomId: number, data: string) => {
  deliver(roomId, data);
  void publisher?.publish(channel, JSON.stringify({ origin, roomId, data }));
};
/** A card as the real server deals it: five columns of five numbers from 1–15, 16–30, … */
const card = () =>
  Array.from({ length: 5 }, (_, c) => Array.from({ length: 5 }, () => c * 15 + randomInt(1, 16)));

wss.on('connection', (socket) => {
  socket.on('message', (data) => {
    const { type, payload } = JSON.parse(String(data)) as {
      type: string;
      payload: { action?: string; roomId: number };
    };
    const { roomId, action } = payload;
    if (type === 'room_event' && (action === 'join_room' || action === 'open_lobby')) {
      const members = rooms.get(roomId) ?? new Set();
      rooms.set(roomId, members);
      members.add(socket);
      if (action === 'open_lobby') {
        rolled.set(roomId, []);
        socket.send(frame('set_game_state', { roomId, lobbyOpen: true, bingoRolls: [] }));
      } else {
        socket.send(frame('join_room', { bingoBoard: card(), bingoRolls: rolled.get(roomId) ?? [] }));
      }
    } else if (type === 'game_event' && action === 'start_game') {
      broadcast(roomId, frame('start_game', { bingoRolls: [], hideRollAnimation: false }));
    } else if (type === 'game_event' && action === 'get_roll') {
      const done = rolled.get(roomId) ?? [];
      rolled.set(roomId, done);
      let n = randomInt(1, 76);
      while (done.includes(n) && done.length < 75) n = randomInt(1, 76);
      done.push(n);
      broadcast(roomId, frame('get_random_roll', { roll: n }));
    } else if (type === 'game_event' && action === 'game_over') {
      broadcast(roomId, frame('game_end', { connectionClosed: true }));
    }
  });
  socket.on('close', () => {
    for (const members of rooms.values()) members.delete(socket);
  });
});

wss.on('listening', () => {
  const address = wss.address();
  void subscribed.then(() =>
    console.log(`LISTENING ${typeof address === 'object' && address ? address.port : address}`),
  );
});
