import { describe, expect, it } from 'vitest';
import { nextLiveIds } from './projector-thread';

describe("a live batch's size on embedded PGlite", () => {
  it('shrinks in proportion when a statement held the connection too long, down to a floor', () => {
    expect(nextLiveIds(1_000, 1_000, 40, 5_000)).toBe(250);
    expect(nextLiveIds(100, 100, 1_000, 5_000)).toBe(50);
  });

  it('never past the full batch, the floor included', () => {
    expect(nextLiveIds(3, 3, 20, 3)).toBe(3);
    expect(nextLiveIds(40, 40, 1_000, 40)).toBe(40);
  });

  it('grows back, doubling, while statements are short, up to the full batch', () => {
    expect(nextLiveIds(250, 250, 2, 5_000)).toBe(500);
    expect(nextLiveIds(4_000, 3_000, 1, 5_000)).toBe(5_000);
    expect(nextLiveIds(400, 400, 7, 5_000)).toBe(400);
  });

  it('does not grow after batches that found little to fold (a caught-up log is no measure)', () => {
    expect(nextLiveIds(250, 0, 1, 5_000)).toBe(250);
    expect(nextLiveIds(250, 100, 1, 5_000)).toBe(250);
  });
});
