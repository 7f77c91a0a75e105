import type { ServerMessage } from '@playshop/shared';
import WebSocket from 'ws';

/**
 * A test's WebSocket to one room, open when it resolves: `send` an action for the room, `next` takes
 * the first frame of a type received and not yet taken (waiting up to 5 s), `drain` drops what came
 * so far. The socket is pushed onto `sockets` for the file to close after.
 */
export async function roomSocket(url: string, token: string, roomId: number, sockets: WebSocket[]) {
  const ws = new WebSocket(`${url}?token=${encodeURIComponent(token)}`);
  sockets.push(ws);
  const inbox: ServerMessage[] = [];
  ws.on('message', (d) => inbox.push(JSON.parse(String(d))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    send: (type: string, action: string, extra: object = {}) =>
      ws.send(JSON.stringify({ type, payload: { action, roomId, ...extra } })),
    drain: () => void inbox.splice(0),
    received: (type: ServerMessage['type']) => inbox.some((m) => m.type === type),
    next: <T extends ServerMessage['type']>(type: T) => takeFrame(inbox, type),
  };
}

/** Takes the first frame of `type` out of `inbox`, waiting up to 5 s for one to arrive. */
export async function takeFrame<T extends ServerMessage['type']>(
  inbox: ServerMessage[],
  type: T,
): Promise<Extract<ServerMessage, { type: T }>> {
  for (let waited = 0; waited < 5_000; waited += 10) {
    const i = inbox.findIndex((m) => m.type === type);
    if (i >= 0) return inbox.splice(i, 1)[0] as Extract<ServerMessage, { type: T }>;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no ${type}`);
}
