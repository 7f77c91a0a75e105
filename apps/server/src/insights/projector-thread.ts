import { Worker } from 'node:worker_threads';
import { type Db, foregroundWithin } from '../db/client';
import { dbStore, type Statement } from './projector-store';

/** What the worker sends: a statement to run here (PGlite), a log line, a batch's end. */
export type FromWorker =
  | { op: 'read'; id: number; statement: Statement }
  | { op: 'write'; id: number; statements: Statement[] }
  | { op: 'log'; obj: object; msg: string }
  | { op: 'batched'; id: number; more?: boolean; covered?: number; error?: string };
/** What the worker is sent: a batch to fold, the answer to its statement, the end. */
export type ToWorker =
  | { op: 'batch'; id: number; batch: BatchSize }
  | { op: 'answer'; id: number; result?: unknown; error?: string }
  | { op: 'close' };
export interface WorkerSetup {
  databaseUrl?: string;
  batchIds: number;
}
/**
 * What one batch may take: the event ids it covers, and `live`: whether the game's side of the one
 * PGlite connection was busy just now. That is any foreground statement (a live room's journal
 * writes, but also a staff page's request): the gate cannot tell them apart, and either is worth a
 * short batch (see foldBatch).
 */
export interface BatchSize {
  ids: number;
  live: boolean;
}

/**
 * On embedded PGlite, while the game's statements are running (within this long), a batch is sized
 * so that each of its reads and its write transaction holds the one connection about HOLD_MS at
 * most: a roll's journal write that arrives meanwhile waits for one of them, never for a batch.
 */
const LIVE_WITHIN_MS = 2_000;
const HOLD_MS = 10;
/** The ids of a live batch: the first, the fewest (a batch's fixed statements take some ms anyway). */
const LIVE_START_IDS = 250;
const LIVE_MIN_IDS = 50;

/**
 * The next live batch's ids from this one's, the ids it found to fold (`covered`) and the longest
 * time one of its operations held PGlite. Only a batch that used most of its ids says they were
 * cheap: one that found the log caught up (an idle server's timer) does not grow the next.
 */
export function nextLiveIds(ids: number, covered: number, heldMs: number, maxIds: number): number {
  // Never past the full batch: the floor is no reason to read more than a batch may (a small one's
  // first slow statement made it 50 ids, CI's projector-worker test on a loaded machine).
  if (heldMs > HOLD_MS) return Math.min(maxIds, Math.max(LIVE_MIN_IDS, Math.floor((ids * HOLD_MS) / heldMs)));
  if (heldMs < HOLD_MS / 2 && covered * 2 >= ids) return Math.min(maxIds, ids * 2);
  return ids;
}

/** The worker's file: beside this one in the sources (run through tsx), in dist/ when bundled. */
function workerEntry(): { url: URL; execArgv?: string[] } {
  if (import.meta.url.endsWith('.ts'))
    return { url: new URL('./projector-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
  return { url: new URL('./projector-worker.js', import.meta.url) };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Where the projector and its thread tell of trouble (the app's logger). */
export type Log = { warn: (obj: object, msg: string) => void };

/**
 * The game's side of the projector's worker thread: started with the first batch, and again with
 * the next batch after it dies (logged; the server goes on, the figures wait). On PGlite it runs
 * the worker's statements on the one database here.
 */
export function projectorThread(db: Db, log: Log, setup: WorkerSetup) {
  // The longest a statement of the running batch held PGlite (this thread runs them one at a time).
  let held = 0;
  const store = dbStore(db, (ms) => {
    held = Math.max(held, ms);
  });
  let liveIds = Math.min(LIVE_START_IDS, setup.batchIds);
  let worker: Worker | null = null;
  let closing = false;
  let nextId = 0;
  const batches = new Map<
    number,
    { resolve: (more: boolean, covered: number) => void; reject: (error: Error) => void }
  >();

  async function answer(w: Worker, m: Extract<FromWorker, { op: 'read' | 'write' }>) {
    const reply: ToWorker = { op: 'answer', id: m.id };
    try {
      reply.result = m.op === 'read' ? await store.read(m.statement) : await store.write(m.statements);
    } catch (error) {
      reply.error = errorText(error);
    }
    w.postMessage(reply);
  }

  function start(): Worker {
    const entry = workerEntry();
    const w = new Worker(entry.url, { workerData: setup satisfies WorkerSetup, execArgv: entry.execArgv });
    // A timer or a request starts batches; the worker alone keeps no process alive.
    w.unref();
    w.on('message', (m: FromWorker) => {
      if (m.op === 'log') log.warn(m.obj, m.msg);
      else if (m.op === 'batched') {
        const waiting = batches.get(m.id);
        batches.delete(m.id);
        if (m.error !== undefined) waiting?.reject(new Error(m.error));
        else waiting?.resolve(m.more === true, m.covered ?? 0);
      } else void answer(w, m);
    });
    w.on('error', (error) => log.warn({ err: error }, 'insights: the projector worker failed'));
    w.on('exit', (code) => {
      if (worker === w) worker = null;
      const gone = new Error(`the projector worker exited (code ${code})`);
      for (const waiting of batches.values()) waiting.reject(gone);
      batches.clear();
      if (!closing)
        log.warn({ code }, 'insights: the projector worker exited; the next batch starts another');
    });
    return w;
  }

  return {
    /** One batch folded in the worker: whether more may follow (as foldBatch). */
    batch(): Promise<boolean> {
      if (closing) return Promise.resolve(false);
      worker ??= start();
      const id = nextId++;
      const w = worker;
      // PostgreSQL: the worker's own pool, in PostgreSQL's processes; batches keep their full size.
      const live = setup.databaseUrl === undefined && foregroundWithin(db, LIVE_WITHIN_MS);
      const size: BatchSize = { ids: live ? liveIds : setup.batchIds, live };
      held = 0;
      return new Promise<boolean>((resolve, reject) => {
        batches.set(id, {
          resolve: (more, covered) => {
            if (live) liveIds = nextLiveIds(size.ids, covered, held, setup.batchIds);
            resolve(more);
          },
          reject,
        });
        w.postMessage({ op: 'batch', id, batch: size } satisfies ToWorker);
      });
    },
    current: () => worker,
    /** Asks the worker to close its pool and exit; ended after 2 s if it has not. */
    async close(): Promise<void> {
      closing = true;
      const w = worker;
      if (!w) return;
      const exited = new Promise((resolve) => w.once('exit', resolve));
      w.postMessage({ op: 'close' } satisfies ToWorker);
      const timer = setTimeout(() => void w.terminate(), 2_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
