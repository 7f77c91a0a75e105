/**
 * What the WebSocket benches share: the real server (apps/server/src/main.ts, production mode) or the
 * bare `ws` baseline (bench/bare-ws-server.ts) started in a process of its own on a free loopback
 * port, every phase bounded in time. bench/ws-bench.ts and bench/ws-venue.ts both start theirs here.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DatabaseOptions, openDatabase } from '../apps/server/src/db/client';
import { organizations, rooms, users, workshops } from '../apps/server/src/db/schema';
import { accessTokens } from '../apps/server/src/sessions/tokens';
import { benchSessions } from './bench-sessions';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The servers' JWT secret: the bench signs its players' access tokens with it. */
export const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-bench';

/** A phase that did not finish in its time: the run reports it instead of waiting without end. */
export class Incomplete extends Error {}

/** Resolves as `work` does, or fails the phase named `what` after `ms` (with `explain()` added). */
export async function bounded<T>(
  what: string,
  ms: number,
  work: Promise<T>,
  explain?: () => Promise<string>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Incomplete(`${what}: no answer after ${Math.round(ms / 1000)} s`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, late]);
  } catch (err) {
    if (err instanceof Incomplete && explain) {
      err.message += `; ${await explain().catch((e: unknown) => `(no status: ${String(e)})`)}`;
    }
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Server {
  child: ChildProcess;
  port: number;
  /** The game socket's address (add `?token=`). */
  url: string;
  exited: Promise<void>;
  /** SIGTERM, and SIGKILL when it has not exited within the stop bound. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment (DATA_DIR, DATABASE_URL, REDIS_URL, SHUTDOWN_DRAIN_MS, …). */
  env: Record<string, string | undefined>;
  /** Node flags before the script (V8 flags, --cpu-prof, --import hooks). */
  nodeArgs?: string[];
  /** Its name in progress lines and failures. */
  tag?: string;
  /** Every child started, so that a failed run can kill them all. */
  children: Set<ChildProcess>;
  startMs?: number;
  stopMs?: number;
  progress?: (line: string) => void;
}

const SCRIPTS = {
  playshop: 'apps/server/src/main.ts',
  bare: 'bench/bare-ws-server.ts',
  /** The loopback reverse proxy in front of several instances (bench/ws-proxy.ts; env TARGETS). */
  proxy: 'bench/ws-proxy.ts',
};

export async function startServer(kind: keyof typeof SCRIPTS, options: StartOptions): Promise<Server> {
  const { children, tag = kind, startMs = 60_000, stopMs = 15_000 } = options;
  const port = await freePort();
  const script = SCRIPTS[kind];
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', path.join(root, script)],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET,
        DEMO_DATA: 'false',
        LOG_LEVEL: process.env.BENCH_SERVER_LOG === '1' ? 'info' : 'error',
        // Free of the admin's e-mail and of common words: the configuration refuses either.
        ADMIN_PASSWORD: 'Quiet-Harbor-Lantern-4719',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  children.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      children.delete(child);
      resolve();
    }),
  );
  const listening = new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (/LISTENING \d+/.test(out) || out.includes('Playshop is listening')) resolve();
    });
    void exited.then(() => reject(new Error(`${tag} server exited: ${out}`)));
  });
  await bounded(`${tag} server start`, startMs, listening).catch((err) => {
    child.kill('SIGKILL');
    throw err;
  });
  // BENCH_SERVER_LOG=1: the server's log lines (LOG_LEVEL) go to this process's stderr, tagged.
  if (process.env.BENCH_SERVER_LOG === '1') {
    child.stdout!.on('data', (d) => process.stderr.write(`[${tag} ${port}] ${d}`));
  }
  return {
    child,
    port,
    url: `ws://127.0.0.1:${port}/ws`,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      // A server that does not shut down in time is killed: the next run needs the machine.
      await bounded(`${tag} server stop`, stopMs, exited).catch(() => {
        options.progress?.(`${tag} server did not stop within ${stopMs / 1000} s: killed`);
        child.kill('SIGKILL');
        return exited;
      });
    },
  };
}

export interface Fixture {
  orgId: number;
  roomIds: number[];
  /** A signed access token per facilitator (one per room) and per player. */
  facilitators: { id: number; token: string }[];
  players: { id: number; token: string }[];
}

/** One organization and workshop; `rooms` rooms, each with its facilitator; `players` players; their tokens. */
export async function seedPeople(
  options: DatabaseOptions,
  counts: { rooms: number; players: number },
): Promise<Fixture> {
  const database = await openDatabase(options);
  await database.migrate();
  const { db } = database;
  const { rooms: roomCount, players: playerCount } = counts;
  const [org] = await db.insert(organizations).values({ name: 'Bench Org' }).returning();
  const [w] = await db.insert(workshops).values({ name: 'Bench workshop' }).returning();
  const roomRows = await db
    .insert(rooms)
    .values(
      Array.from({ length: roomCount }, (_, i) => ({ name: `Room ${i}`, orgId: org!.id, workshopId: w!.id })),
    )
    .returning({ id: rooms.id });
  const staffRows = await db
    .insert(users)
    .values(
      Array.from({ length: roomCount }, (_, i) => ({
        email: `f${i}@bench.local`,
        role: 'FACILITATOR' as const,
        orgId: org!.id,
      })),
    )
    .returning({ id: users.id });
  const playerRows: { id: number }[] = [];
  for (let start = 0; start < playerCount; start += 1000) {
    playerRows.push(
      ...(await db
        .insert(users)
        .values(
          Array.from({ length: Math.min(1000, playerCount - start) }, (_, i) => ({
            username: `bench-${start + i}`,
            role: 'PLAYER' as const,
            orgId: org!.id,
          })),
        )
        .returning({ id: users.id })),
    );
  }
  const everyone = [...staffRows, ...playerRows];
  const sessionIds = await benchSessions(
    db,
    everyone.map(({ id }) => ({ userId: id, orgId: org!.id })),
  );
  const sessionOf = new Map(everyone.map(({ id }, i) => [id, sessionIds[i]!]));
  await database.close();
  const tokens = accessTokens(JWT_SECRET, 3600);
  const sign = (id: number, role: 'PLAYER' | 'FACILITATOR') =>
    tokens.sign({
      userId: id,
      role,
      orgId: org!.id,
      orgName: org!.name,
      username: `u${id}`,
      sessionId: sessionOf.get(id)!,
    });
  return {
    orgId: org!.id,
    roomIds: roomRows.map((r) => r.id),
    facilitators: await Promise.all(
      staffRows.map(async ({ id }) => ({ id, token: await sign(id, 'FACILITATOR') })),
    ),
    players: await Promise.all(playerRows.map(async ({ id }) => ({ id, token: await sign(id, 'PLAYER') }))),
  };
}

/**
 * Puts `text` between the `<!-- bench:NAME start -->` and `end` markers of docs/performance.md, or
 * appends it under a `## heading` of its own the first time.
 */
export async function writePerformanceBlock(name: string, heading: string, text: string) {
  const file = path.join(root, 'docs/performance.md');
  const doc = await readFile(file, 'utf8');
  const start = `<!-- bench:${name} start -->`;
  const end = `<!-- bench:${name} end -->`;
  const block = `${start}\n${text}\n${end}`;
  await writeFile(
    file,
    doc.includes(start)
      ? doc.replace(new RegExp(`${start}[\\s\\S]*${end}`), block)
      : `${doc.trimEnd()}\n\n## ${heading}\n\n${block}\n`,
  );
}
