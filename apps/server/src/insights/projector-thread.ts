import { Worker } from 'node:worker_threads';
import type { Db } from '../db/client';
import { dbStore, type Statement } from './projector-store';

/** What the worker sends: a statement to run here (PGlite), a log line, a batch's end. */
export type FromWorker =
  | { op: 'read'; id: number; statement: Statement }
  | { op: 'write'; id: number; statements: Statement[] }
  | { op: 'log'; obj: object; msg: string }
  | { op: 'batched'; id: number; more?: boolean; error?: string };
/** What the worker is sent: a batch to fold, the answer to its statement, the end. */
export type ToWorker =
  | { op: 'batch'; id: number }
  | { op: 'answer'; id: number; result?: unknown; error?: string }
  | { op: 'close' };
export interface WorkerSetup {
  databaseUrl?: string;
  batchIds: number;
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
  const store = dbStore(db);
  let worker: Worker | null = null;
  let closing = false;
  let nextId = 0;
  const batches = new Map<number, { resolve: (more: boolean) => void; reject: (error: Error) => void }>();

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
        else waiting?.resolve(m.more === true);
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
      return new Promise<boolean>((resolve, reject) => {
        batches.set(id, { resolve, reject });
        w.postMessage({ op: 'batch', id } satisfies ToWorker);
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
