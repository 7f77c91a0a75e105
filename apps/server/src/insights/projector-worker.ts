/**
 * The Insights projector's worker thread (projector-thread.ts starts it): reads, folds and builds
 * each batch's statements here, off the game's event loop. On PostgreSQL it has a pool of its own;
 * on embedded PGlite the database lives in the game's thread, so each statement is sent there.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/client';
import { type FoldCache, foldBatch } from './projector';
import { dbStore, type ProjectorStore } from './projector-store';
import type { FromWorker, ToWorker, WorkerSetup } from './projector-thread';

// The lowest CPU priority: on a busy machine the game's thread runs first. On Linux a nice value
// belongs to the thread that sets it, so this one alone; elsewhere it may not apply (ignored).
try {
  setPriority(19);
} catch {}

const port = parentPort!;
const setup = workerData as WorkerSetup;
const send = (m: FromWorker) => port.postMessage(m);

let nextId = 0;
const asked = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
function ask<T>(m: { op: 'read' | 'write' } & Record<string, unknown>): Promise<T> {
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    asked.set(id, { resolve: resolve as (result: unknown) => void, reject });
    send({ ...m, id } as FromWorker);
  });
}

const database = setup.databaseUrl
  ? await openDatabase({ kind: 'postgres', url: setup.databaseUrl, poolSize: 2 })
  : null;
const store: ProjectorStore = database
  ? dbStore(database.db)
  : {
      read: (statement) => ask({ op: 'read', statement }),
      write: (statements) => ask({ op: 'write', statements }),
    };
const log = {
  warn: (obj: object, msg: string) => {
    const { err, ...rest } = obj as { err?: unknown };
    send({ op: 'log', obj: err instanceof Error ? { ...rest, err: { message: err.message } } : obj, msg });
  },
};
const cache: { current: FoldCache | null } = { current: null };

port.on('message', async (m: ToWorker) => {
  if (m.op === 'answer') {
    const waiting = asked.get(m.id);
    asked.delete(m.id);
    if (m.error !== undefined) waiting?.reject(new Error(m.error));
    else waiting?.resolve(m.result);
  } else if (m.op === 'batch') {
    try {
      const { more, covered } = await foldBatch(store, log, cache, m.batch);
      send({ op: 'batched', id: m.id, more, covered });
    } catch (error) {
      send({ op: 'batched', id: m.id, error: error instanceof Error ? error.message : String(error) });
    }
  } else {
    await database?.close();
    process.exit(0);
  }
});
