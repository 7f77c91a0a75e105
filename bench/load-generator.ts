/**
 * A load-generator process (bench/ws-load.ts) driven from a bench: request and reply over IPC, and
 * the `rolled` reports it sends unasked. bench/ws-bench.ts and bench/insights-projector-bench.ts
 * both start theirs here.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { bounded, root } from './bench-server';
import type { LoadCommand, LoadReport } from './ws-load';

/** A command for a generator, before it gets its request id. */
export type Command = LoadCommand extends infer C ? (C extends unknown ? Omit<C, 'rid'> : never) : never;

export interface Generator {
  request<T = Record<string, number>>(cmd: Command): Promise<T>;
  /** Disconnects and waits for the process to exit (killed after `stopMs`). */
  stop(): Promise<void>;
}

export function startGenerator(
  onRolled: (r: Extract<LoadReport, { op: 'rolled' }>) => void,
  { stopMs, children }: { stopMs: number; children?: Set<ChildProcess> },
): Generator {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/ws-load.ts')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children?.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => children?.delete(child));
  const pending = new Map<number, { resolve: (v: never) => void; reject: (e: Error) => void }>();
  let rid = 0;
  child.on('message', (report: LoadReport) => {
    if (report.op === 'rolled') return onRolled(report);
    const waiter = pending.get(report.rid);
    pending.delete(report.rid);
    if (report.error) waiter?.reject(new Error(String(report.error)));
    else waiter?.resolve(report as never);
  });
  void exited.then(() => {
    for (const w of pending.values()) w.reject(new Error('generator exited'));
  });
  return {
    request: (cmd) =>
      new Promise((resolve, reject) => {
        const id = ++rid;
        pending.set(id, { resolve: resolve as (v: never) => void, reject });
        child.send({ ...cmd, rid: id });
      }),
    async stop() {
      if (child.connected) child.disconnect();
      await bounded('generator stop', stopMs, exited).catch(() => {
        child.kill('SIGKILL');
        return exited;
      });
    },
  };
}
