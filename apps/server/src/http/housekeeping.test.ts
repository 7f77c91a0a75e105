import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/context';
import { runExclusively, scheduleHousekeeping } from './housekeeping';

const database = useTestDatabase();

/** A job that runs until released. */
function gatedJob() {
  let release!: () => void;
  let started!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  return {
    running,
    release,
    work: async () => {
      started();
      await gate;
      return 1;
    },
  };
}

describe('runExclusively', () => {
  it('runs one job per name at a time on PostgreSQL; PGlite (one process) always runs', async () => {
    const first = gatedJob();
    const holding = runExclusively(database(), 'test-job', first.work);
    await first.running;
    const second = await runExclusively(database(), 'test-job', async () => 2);
    const other = await runExclusively(database(), 'another-job', async () => 3);
    first.release();
    expect(await holding).toEqual({ ran: true, result: 1 });
    expect(other).toEqual({ ran: true, result: 3 });
    if (database().kind === 'postgres') expect(second).toEqual({ ran: false });
    else expect(second).toEqual({ ran: true, result: 2 });
    // Released with its transaction: the next round runs.
    expect(await runExclusively(database(), 'test-job', async () => 4)).toEqual({ ran: true, result: 4 });
  });
});

describe('scheduleHousekeeping', () => {
  it('runs a shared clean-up on one of two instances while it runs, and each again next round', async () => {
    const calls: string[] = [];
    const job = gatedJob();
    const a = Fastify();
    const b = Fastify();
    scheduleHousekeeping(
      a,
      'test things',
      async () => {
        calls.push('a');
        return job.work();
      },
      { shared: database(), intervalMs: 60_000 },
    );
    scheduleHousekeeping(
      b,
      'test things',
      async () => {
        calls.push('b');
        return 0;
      },
      { shared: database(), intervalMs: 60_000 },
    );
    const readyA = a.ready();
    await job.running;
    await b.ready();
    job.release();
    await readyA;
    expect(calls).toEqual(database().kind === 'postgres' ? ['a'] : ['a', 'b']);
    await Promise.all([a.close(), b.close()]);
  });
});
