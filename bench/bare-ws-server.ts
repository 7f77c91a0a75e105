/**
 * The baseline: a bare `ws` broadcast server speaking just enough of the game protocol for the load
 * generator (join a room, roll, receive rolls). No auth, no database, no rules: the floor that the
 * real server's cost is compared with.
 */
import { randomInt } from 'node:crypto';
import { type WebSocket, WebSocketServer } from 'ws';

const port = Number(process.env.PORT ?? 0);
const wss = new WebSocketServer({ port, host: '127.0.0.1', perMessageDeflate: false });
const rooms = new Map<number, Set<WebSocket>>();
const rolled = new Map<number, number[]>();
let seq = 0;

wss.on('connection', (socket) => {
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as {
      type: string;
      payload: { action?: string; roomId: number };
    };
    const { roomId, action } = message.payload;
    if (message.type === 'room_event' && (action === 'join_room' || action === 'open_lobby')) {
      const members = rooms.get(roomId) ?? new Set();
      rooms.set(roomId, members);
      members.add(socket);
      socket.send(
        JSON.stringify({ type: 'join_room', payload: { bingoBoard: [], bingoRolls: [] }, seq: ++seq }),
      );
    } else if (message.type === 'game_event' && action === 'get_roll') {
      const done = rolled.get(roomId) ?? [];
      rolled.set(roomId, done);
      let n = randomInt(1, 76);
      while (done.includes(n) && done.length < 75) n = randomInt(1, 76);
      done.push(n);
      const frame = JSON.stringify({ type: 'get_random_roll', payload: { roll: n }, seq: ++seq });
      for (const member of rooms.get(roomId) ?? []) member.send(frame);
    }
  });
  socket.on('close', () => {
    for (const members of rooms.values()) members.delete(socket);
  });
});

wss.on('listening', () => {
  const address = wss.address();
  console.log(`LISTENING ${typeof address === 'object' && address ? address.port : address}`);
});
