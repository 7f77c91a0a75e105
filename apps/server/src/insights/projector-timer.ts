import { performance } from 'node:perf_hooks';
import type { Projector } from './projector';

/** Between catch-ups on the timer when the log is caught up; while behind, one budget apart. */
export const PROJECT_EVERY_MS = 5_000;
/** One timed catch-up's budget: the event loop stays free for the game between batches of runs. */
const TIMED_BUDGET_MS = 1_000;
/**
 * Over this share of the event loop busy (a big room's roll fan-out, a join storm), the timed
 * catch-up waits: on embedded PGlite a batch holds the database the game's journal writes to, so a
 * roll made then waited for it (p99 2.9× a bare server at 10,000 players).
 */
export const BUSY_SHARE = 0.5;
/** Looked at again this often while the server is busy. */
const BUSY_RETRY_MS = 1_000;
/**
 * Never deferred longer: one batch then, however busy the games (the figures fall behind at most
 * about this far between batches). Long, since on a loaded machine a 10,000-player room's join storm
 * and rolls kept the loop busy for minutes, and an overdue batch landed on its rolls; an Insights
 * request does not wait for the timer.
 */
export const MAX_DEFER_MS = 300_000;

interface TimerOptions {
  log: { warn: (obj: object, msg: string) => void };
  /** The share of the event loop used since the last call (tests pass their own). */
  loopBusy?: () => number;
}

/** The event loop's utilization since the previous call (the first call: since the process started). */
export function loopBusySampler(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return share;
  };
}

/**
 * Keeps the projector catching up on a timer, out of the game's way: a tick finding the server busy
 * comes back in a second (up to MAX_DEFER_MS, then runs one batch), and a catch-up stops between
 * batches when the game used the pause. An Insights request does not wait for the timer: it catches up itself.
 */
export function startProjectorTimer(
  projector: Projector,
  { log, loopBusy = loopBusySampler() }: TimerOptions,
) {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let deferredSince: number | null = null;
  const schedule = (ms: number) => {
    if (!closed) timer = setTimeout(tick, ms).unref();
  };
  const tick = async () => {
    const now = Date.now();
    const busy = loopBusy() > BUSY_SHARE;
    if (busy) deferredSince ??= now;
    const overdue = deferredSince !== null && now - deferredSince >= MAX_DEFER_MS;
    if (busy && !overdue) {
      schedule(BUSY_RETRY_MS);
      return;
    }
    deferredSince = null;
    let caughtUp = true;
    try {
      // Overdue or not, it stops after a batch if the game keeps the loop busy.
      caughtUp = await projector.catchUp(TIMED_BUDGET_MS, BUSY_SHARE);
    } catch (error) {
      log.warn({ err: error }, 'insights: catching up with the event log failed; trying again');
    }
    // Measured afresh from here: the catch-up's own work is not the game's.
    loopBusy();
    schedule(caughtUp ? PROJECT_EVERY_MS : TIMED_BUDGET_MS);
  };
  schedule(PROJECT_EVERY_MS);
  return {
    /** Stops the timer and waits for a catch-up under way. */
    async stop() {
      closed = true;
      clearTimeout(timer);
      await projector.settled();
    },
  };
}
