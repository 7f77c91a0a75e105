/**
 * One load-generator process of `npm run bench:ws` (bench/ws-bench.ts starts several, so that 10,000
 * sockets are not held by one event loop). It opens the sockets it is given and, on the
 * orchestrator's word, sends joins, a facilitator's commands and rolls; it reports arrival times read
 * from the monotonic clock (`process.hrtime`), which is one clock for every process on the machine.
 * The same code drives the real server and the bare `ws` baseline.
 */
import WebSocket from 'ws';
import { deviceUserAgent } from '../e2e/support/balancer';

export interface LoadClient {
  id: number;
  url: string;
  roomId: number;
  staff: boolean;
  /** Through bench:ws:two's proxy: the instance it keeps this client on (as a device, by user agent). */
  device?: number;
}

/** Orchestrator → generator. */
export type LoadCommand =
  | { op: 'connect'; rid: number; clients: LoadClient[]; concurrency: number }
  | { op: 'join'; rid: number; timeoutMs: number }
  | { op: 'staff'; rid: number; id: number; message: unknown; expect: string }
  | { op: 'roll'; rid: number; id: number }
  /** Every facilitator here rolls `rolls` times, its room's players all being here: latencies come back. */
  | { op: 'rolls'; rid: number; rolls: number }
  | { op: 'close'; rid: number }
  /** What this process holds and what went wrong so far: the orchestrator asks when a phase times out. */
  | { op: 'status'; rid: number };

/** Generator → orchestrator: a reply to `rid`, or a room's roll that all of this process's players saw. */
export type LoadReport =
  | { op: 'reply'; rid: number; [key: string]: unknown }
  | { op: 'rolled'; roomId: number; n: number; last: number };

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

interface Socket {
  ws: WebSocket;
  roomId: number;
  staff: boolean;
  rolls: number;
  /** Resolves the next frame of a type this socket waits for (one at a time is all the bench needs). */
  waiting: { type: string; resolve: (at: number) => void } | null;
  joined: boolean;
}

const sockets = new Map<number, Socket>();
/** This process's players per room, and per roll of a room how many of them have seen it. */
const members = new Map<number, number>();
const seen = new Map<string, number>();
/** Rolls timed here ('rolls'), by room and roll number. */
const localRolls = new Map<string, (at: number) => void>();
let joinWait: { left: number; last: number; noCard: number; resolve: () => void } | null = null;
/** Players here that received `start_game`: the bench reads memory once the start's frames are out. */
let started = 0;
/** The refusals the servers sent (error_event), by text: a run that lost players says why. */
const errors: Record<string, number> = {};
/** Opens that failed, by the error (an HTTP status the upgrade got, ECONNRESET, …). */
const openFailures: Record<string, number> = {};
/** Sockets the server closed while the bench still used them, by close code and reason. */
const closedByServer: Record<string, number> = {};

/** What a generator holds and what went wrong so far (the `status` command's reply). */
export type GeneratorStatus = ReturnType<typeof status>;
function status() {
  return {
    sockets: sockets.size,
    joinLeft: joinWait?.left ?? null,
    started,
    rollsWaiting: localRolls.size,
    errors,
    openFailures,
    closedByServer,
  };
}

let closing = false;
const count = (into: Record<string, number>, key: string) => {
  into[key] = (into[key] ?? 0) + 1;
};

const send = (report: LoadReport) => process.send!(report);

function typeOf(data: Buffer): string {
  // Every frame of both servers starts with {"type":"…": read the type without parsing the frame.
  const end = data.indexOf(34, 9);
  return data.toString('latin1', 9, end);
}

function onFrame(s: Socket, data: Buffer) {
  const at = nowMs();
  const type = typeOf(data);
  if (type === 'error_event') {
    const text = String((JSON.parse(String(data)) as { payload: { error: unknown } }).payload.error);
    errors[text] = (errors[text] ?? 0) + 1;
  }
  if (type === 'get_random_roll' && !s.staff) {
    s.rolls += 1;
    const key = `${s.roomId}:${s.rolls}`;
    const count = (seen.get(key) ?? 0) + 1;
    if (count === members.get(s.roomId)) {
      seen.delete(key);
      const local = localRolls.get(key);
      localRolls.delete(key);
      if (local) local(at);
      else send({ op: 'rolled', roomId: s.roomId, n: s.rolls, last: at });
    } else seen.set(key, count);
  } else if (type === 'start_game' && !s.staff) {
    started += 1;
  } else if (type === 'join_room' && !s.staff && !s.joined && joinWait) {
    s.joined = true;
    // "All players have a card": a join that did not deal one is counted, not hidden.
    if (!data.includes('"bingoBoard":[[')) joinWait.noCard += 1;
    joinWait.last = Math.max(joinWait.last, at);
    joinWait.left -= 1;
    if (joinWait.left === 0) joinWait.resolve();
  }
  if (s.waiting?.type === type) {
    const { resolve } = s.waiting;
    s.waiting = null;
    resolve(at);
  }
}

function open(client: LoadClient): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(client.url, {
      perMessageDeflate: false,
      ...(client.device === undefined
        ? {}
        : { headers: { 'user-agent': deviceUserAgent('playshop-bench', client.device) } }),
    });
    const s: Socket = {
      ws,
      roomId: client.roomId,
      staff: client.staff,
      rolls: 0,
      waiting: null,
      joined: false,
    };
    ws.on('message', (data: Buffer) => onFrame(s, data));
    ws.once('open', () => {
      sockets.set(client.id, s);
      if (!client.staff) members.set(client.roomId, (members.get(client.roomId) ?? 0) + 1);
      resolve(true);
    });
    ws.once('error', (err) => {
      count(openFailures, err.message);
      resolve(false);
    });
    ws.once('close', (code, reason) => {
      // A player the server let go can never see the next roll: the phase is failed, not awaited.
      if (sockets.delete(client.id) && !closing) {
        count(closedByServer, `${code} ${String(reason)}`.trim());
        if (!client.staff) members.set(client.roomId, members.get(client.roomId)! - 1);
      }
    });
  });
}

const expectFrame = (s: Socket, type: string) =>
  new Promise<number>((resolve) => {
    s.waiting = { type, resolve };
  });

async function handle(cmd: LoadCommand): Promise<Record<string, unknown>> {
  switch (cmd.op) {
    case 'connect': {
      let failed = 0;
      let next = 0;
      const lane = async () => {
        while (next < cmd.clients.length) {
          if (!(await open(cmd.clients[next++]!))) failed += 1;
        }
      };
      await Promise.all(Array.from({ length: cmd.concurrency }, lane));
      return { connected: sockets.size, failed, openFailures, closedByServer };
    }
    case 'join': {
      const players = [...sockets.values()].filter((s) => !s.staff);
      const done = new Promise<void>((resolve) => {
        joinWait = { left: players.length, last: 0, noCard: 0, resolve };
      });
      const start = nowMs();
      for (const s of players) {
        s.ws.send(JSON.stringify({ type: 'room_event', payload: { action: 'join_room', roomId: s.roomId } }));
      }
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, cmd.timeoutMs);
      });
      if (players.length > 0) await Promise.race([done, timedOut]);
      clearTimeout(timer);
      const { last, noCard, left } = joinWait!;
      joinWait = null;
      return { start, last, players: players.length, noCard, missing: left, errors, closedByServer };
    }
    case 'staff': {
      const s = sockets.get(cmd.id)!;
      const arrived = expectFrame(s, cmd.expect);
      s.ws.send(JSON.stringify(cmd.message));
      return { at: await arrived };
    }
    case 'roll': {
      const s = sockets.get(cmd.id)!;
      const sentAt = nowMs();
      s.ws.send(JSON.stringify({ type: 'game_event', payload: { action: 'get_roll', roomId: s.roomId } }));
      return { sentAt };
    }
    case 'rolls': {
      const latencies: number[] = [];
      const staff = [...sockets.values()].filter((s) => s.staff);
      await Promise.all(
        staff.map(async (s) => {
          for (let n = 1; n <= cmd.rolls; n++) {
            const arrived = new Promise<number>((resolve) => localRolls.set(`${s.roomId}:${n}`, resolve));
            const sentAt = nowMs();
            s.ws.send(
              JSON.stringify({ type: 'game_event', payload: { action: 'get_roll', roomId: s.roomId } }),
            );
            latencies.push((await arrived) - sentAt);
          }
        }),
      );
      return { latencies };
    }
    case 'status':
      return status();
    case 'close': {
      closing = true;
      const closed = [...sockets.values()].map(
        (s) =>
          new Promise<void>((resolve) => {
            s.ws.once('close', () => resolve());
            s.ws.terminate();
          }),
      );
      await Promise.all(closed);
      members.clear();
      seen.clear();
      closing = false;
      return { closed: closed.length, closedByServer };
    }
  }
}

process.on('message', (cmd: LoadCommand) => {
  handle(cmd).then(
    (result) => send({ op: 'reply', rid: cmd.rid, ...result }),
    (err: unknown) => send({ op: 'reply', rid: cmd.rid, error: String(err) }),
  );
});
process.on('disconnect', () => process.exit(0));
