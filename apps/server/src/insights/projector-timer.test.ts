import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Projector } from './projector';
import { BUSY_SHARE, MAX_DEFER_MS, PROJECT_EVERY_MS, startProjectorTimer } from './projector-timer';

/** A projector whose catch-ups are recorded (with the time they started) and answer `caughtUp`. */
function fakeProjector(caughtUp = true) {
  const calls: { at: number; yieldAbove?: number }[] = [];
  const projector = {
    catchUp: async (_budgetMs?: number, yieldAbove?: number) => {
      calls.push({ at: Date.now(), yieldAbove });
      return caughtUp;
    },
    settled: async () => undefined,
  } as Projector;
  return { projector, calls };
}
const log = { warn: () => undefined };

describe('the Insights projector on its timer', () => {
  let start: number;
  beforeEach(() => {
    vi.useFakeTimers();
    start = Date.now();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const seconds = (calls: { at: number }[]) => calls.map((c) => (c.at - start) / 1000);

  it('catches up every 5 s on a quiet server, stepping aside between batches if a game gets busy', async () => {
    const { projector, calls } = fakeProjector();
    const timer = startProjectorTimer(projector, { log, loopBusy: () => 0.1 });
    await vi.advanceTimersByTimeAsync(3 * PROJECT_EVERY_MS);
    expect(seconds(calls)).toEqual([5, 10, 15]);
    expect(calls.every((c) => c.yieldAbove === BUSY_SHARE)).toBe(true);
    await timer.stop();
  });

  it('waits while a room fans out, and runs within a second once it is quiet', async () => {
    const { projector, calls } = fakeProjector();
    let busy = true;
    const timer = startProjectorTimer(projector, { log, loopBusy: () => (busy ? 0.9 : 0.2) });
    await vi.advanceTimersByTimeAsync(12_000);
    expect(calls).toEqual([]);
    busy = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seconds(calls)).toEqual([13]);
    await timer.stop();
  });

  it('on a server busy without end, a catch-up still starts within five minutes of the first try', async () => {
    const { projector, calls } = fakeProjector();
    const timer = startProjectorTimer(projector, { log, loopBusy: () => 0.95 });
    await vi.advanceTimersByTimeAsync(PROJECT_EVERY_MS + MAX_DEFER_MS - 1_000);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toEqual([{ at: start + PROJECT_EVERY_MS + MAX_DEFER_MS, yieldAbove: BUSY_SHARE }]);
    // Then deferred afresh: the next one a full deferral after the next tick.
    await vi.advanceTimersByTimeAsync(PROJECT_EVERY_MS + MAX_DEFER_MS - 1_000);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(2);
    await timer.stop();
  });

  it('while behind, comes back a second later rather than five', async () => {
    const { projector, calls } = fakeProjector(false);
    const timer = startProjectorTimer(projector, { log, loopBusy: () => 0 });
    await vi.advanceTimersByTimeAsync(7_000);
    expect(seconds(calls)).toEqual([5, 6, 7]);
    await timer.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toHaveLength(3);
  });
});
