import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { delayedToasts } from './connection-toasts';

function recorder() {
  const said: string[] = [];
  return {
    said,
    notify: {
      info: (m: string) => said.push(`info: ${m}`),
      success: (m: string) => said.push(`success: ${m}`),
      error: (m: string) => said.push(`error: ${m}`),
    },
  };
}

describe('connection toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a connect within 2 s says nothing at all', () => {
    const r = recorder();
    const toasts = delayedToasts(r.notify);
    toasts.info('game.wsConnecting');
    vi.advanceTimersByTime(1_900);
    toasts.success('game.wsConnected');
    vi.advanceTimersByTime(5_000);
    expect(r.said).toEqual([]);
  });

  it('an outage over 2 s says its latest state, then that it is over', () => {
    const r = recorder();
    const toasts = delayedToasts(r.notify);
    toasts.error('game.wsClosedUnexpectedly');
    toasts.info('game.wsAttemptingReconnect');
    vi.advanceTimersByTime(1_999);
    expect(r.said).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(r.said).toEqual([`info: ${'game.wsAttemptingReconnect'}`]);
    toasts.info('game.wsAttemptingReconnect');
    toasts.success('game.wsReconnected');
    expect(r.said).toEqual([
      `info: ${'game.wsAttemptingReconnect'}`,
      `info: ${'game.wsAttemptingReconnect'}`,
      `success: ${'game.wsReconnected'}`,
    ]);
    // The next short blip is silent again.
    toasts.info('game.wsAttemptingReconnect');
    toasts.success('game.wsReconnected');
    vi.advanceTimersByTime(5_000);
    expect(r.said).toHaveLength(3);
  });

  it('a give-up is said at once; a deliberate close says nothing', () => {
    const r = recorder();
    const toasts = delayedToasts(r.notify);
    toasts.info('game.wsAttemptingReconnect');
    toasts.error('game.wsFailedToReconnect');
    expect(r.said).toEqual([`error: ${'game.wsFailedToReconnect'}`]);
    vi.advanceTimersByTime(5_000);
    expect(r.said).toHaveLength(1);
    const closing = recorder();
    delayedToasts(closing.notify).info('game.wsDisconnected');
    vi.advanceTimersByTime(5_000);
    expect(closing.said).toEqual([]);
  });

  it('quiet (the presenter): only the give-up, however long the outage', () => {
    const r = recorder();
    const toasts = delayedToasts(r.notify, { quiet: true });
    toasts.info('game.wsConnecting');
    vi.advanceTimersByTime(10_000);
    toasts.success('game.wsConnected');
    toasts.error('game.wsClosedUnexpectedly');
    vi.advanceTimersByTime(10_000);
    expect(r.said).toEqual([]);
    toasts.error('game.wsFailedToConnect');
    expect(r.said).toEqual([`error: ${'game.wsFailedToConnect'}`]);
  });
});
