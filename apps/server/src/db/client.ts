import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './tables';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the server's address, for connections of their own (room ownership locks). */
  url?: string;
  /** Applies the committed migrations; instances that may start together call it inside `exclusive`. */
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding the startup lock (a PostgreSQL advisory lock), so of several instances
   * starting together on one database only one migrates and seeds at a time; the others wait, then
   * find the work done. PGlite is one process's own database: `fn` simply runs.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Closing again is harmless: it waits for the first close. */
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (the tests' template). */
  dumpDataDir?(): Promise<Blob>;
}

/** The advisory lock key of migrations and the first-start seed (any constant, the same everywhere). */
const STARTUP_LOCK_KEY = 7_264_001;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir unset keeps the database in memory; loadDataDir starts from a dump (tests' template). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** The committed drizzle-kit migrations, found from src/db (dev, tests) or dist (built). */
function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the drizzle migrations folder');
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    // A network that drops packets (rather than refusing) must fail a connect in seconds, so the
    // API answers 503 DATABASE_UNAVAILABLE instead of hanging (issue 29).
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
    });
    // An idle connection that the server drops (a restart, a failover) must not crash the process:
    // the pool discards it and the next query opens a new one.
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    // A connection lost while checked out between two statements (inside a transaction) emits
    // 'error' on its client, which the pool does not listen to then: unheard, it ends the process.
    // The statement waiting on it fails by itself, so here it is only heard.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      url: options.url,
      migrate: () => migratePg(db, { migrationsFolder: migrationsFolder() }),
      async exclusive(fn) {
        // A connection of its own, outside the pool (which may be a single connection), so `fn`
        // keeps every pooled connection.
        const lock = new pg.Client({ connectionString: options.url });
        await lock.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await fn();
        } finally {
          // Ending the session releases the lock, even if the unlock is never reached.
          await lock.end();
        }
      },
      close: once(() => pool.end()),
    };
  }
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  // After create: PGlite's start sets its array parsers, which must not replace drizzle's.
  for (const oid of DRIZZLE_RAW_TYPES) client.parsers[oid] = raw;
  const gate = foregroundGate();
  const db = drizzlePglite(withoutRawParsers(client, gate), { schema });
  gates.set(db, gate);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    exclusive: (fn) => fn(),
    close: once(() => client.close()),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/** `fn` run on the first call; every later call gets the first call's promise. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

/**
 * The types whose text drizzle's PGlite driver reads itself: it passes a parser returning the raw
 * text for each with every query (timestamp, timestamptz, interval, date, and the arrays of those
 * and of numeric). PGlite merges a query's parsers into a copy of its whole table (hundreds of array
 * types), which was the largest allocation of a join storm; set once on the instance, they need
 * not travel.
 */
const DRIZZLE_RAW_TYPES = new Set<number>([
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const raw = (value: string) => value;

/** A query's options without its parsers when the instance already reads all of them raw. */
function dropRawParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  if (!Object.keys(options.parsers).every((oid) => DRIZZLE_RAW_TYPES.has(Number(oid)))) return options;
  const { parsers: _, ...rest } = options;
  return rest;
}

/** The client drizzle sees: PGlite, whose queries (in transactions too) drop the raw parsers. */
function withoutRawParsers<C extends PGlite | Transaction>(client: C, gate?: ForegroundGate): C {
  const query: Transaction['query'] = (text, params, options) =>
    gate
      ? gate.track(() => client.query(text, params, dropRawParsers(options)))
      : client.query(text, params, dropRawParsers(options));
  const transaction: PGlite['transaction'] = (fn) => {
    const run = () => (client as PGlite).transaction((tx) => fn(withoutRawParsers(tx)));
    return gate ? gate.track(run) : run();
  };
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      // PGlite keeps private state per instance: its methods run bound to the real object.
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Embedded PGlite has one connection, in this thread, and runs each statement to its end (its
 * WebAssembly is synchronous): a statement queued before the game's journal write delays a roll's
 * frames by all of it. Background work (the Insights projector's statements, the Insights figures'
 * reads) therefore goes through `inBackground`, which lets it onto the connection only when no
 * foreground statement (the game's, a request's) is running or waiting, after the turns of the
 * event loop already under way: a foreground statement waits at most for the one background
 * operation already started (issue 46, docs/decisions.md).
 */
interface ForegroundGate {
  /** A foreground call (its time waiting for the connection included), unless made in the background. */
  track<T>(run: () => Promise<T>): Promise<T>;
  /** Runs `fn` once the connection is the background's turn; one background operation at a time. */
  background<T>(fn: () => Promise<T>): Promise<T>;
  /** When a foreground statement last ran (performance.now()), or -Infinity. */
  lastForeground(): number;
}

/** Marks the statements made inside a background operation (they do not count as foreground). */
const inBackgroundContext = new AsyncLocalStorage<true>();
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function foregroundGate(): ForegroundGate {
  let foreground = 0;
  let background = false;
  let lastForeground = Number.NEGATIVE_INFINITY;
  let waiting: (() => void)[] = [];
  const idle = () => !background && foreground === 0;
  const wake = () => {
    if (!idle()) return;
    const woken = waiting;
    waiting = [];
    for (const resolve of woken) resolve();
  };
  return {
    track(run) {
      if (inBackgroundContext.getStore()) return run();
      foreground++;
      lastForeground = performance.now();
      return run().finally(() => {
        foreground--;
        lastForeground = performance.now();
        wake();
      });
    },
    async background(fn) {
      // Already the background's turn (a background operation's own calls): no second wait.
      if (inBackgroundContext.getStore()) return fn();
      // Twice round the event loop: a journal flush or a request scheduled meanwhile starts first.
      for (;;) {
        if (!idle()) await new Promise<void>((resolve) => waiting.push(resolve));
        await nextTurn();
        await nextTurn();
        if (idle()) break;
      }
      background = true;
      try {
        return await inBackgroundContext.run(true, fn);
      } finally {
        background = false;
        wake();
      }
    },
    lastForeground: () => lastForeground,
  };
}

const gates = new WeakMap<object, ForegroundGate>();

/**
 * Runs `fn`, whose statements go to `db`, behind the game's on embedded PGlite (see
 * ForegroundGate); on PostgreSQL, whose connections are many and elsewhere, at once.
 */
export function inBackground<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  const gate = gates.get(db);
  return gate ? gate.background(fn) : fn();
}

/**
 * Whether a foreground statement ran on embedded PGlite within the last `ms` (a live room's
 * journal writes, requests): the projector then keeps each of its operations short. Always false
 * on PostgreSQL.
 */
export function foregroundWithin(db: Db, ms: number): boolean {
  const gate = gates.get(db);
  return gate !== undefined && performance.now() - gate.lastForeground() < ms;
}
