import { describe, expect, it } from 'vitest';
import { groupLoader } from './group-loader';

describe('groupLoader', () => {
  it('sends a lone call at once and groups the calls that arrive while a group runs', async () => {
    const groups: number[][] = [];
    let release!: () => void;
    const firstDone = new Promise<void>((resolve) => (release = resolve));
    const loader = groupLoader<number, number>(async (keys) => {
      groups.push([...keys]);
      if (groups.length === 1) await firstDone;
      return keys.map((k) => k * 10);
    });
    const first = loader.load(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(groups).toEqual([[1]]);
    const rest = [2, 3, 4, 5].map((k) => loader.load(k));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Still waiting for the first group to leave the database.
    expect(groups).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40, 50]);
    expect(groups).toEqual([[1], [2, 3, 4, 5]]);
  });

  it('fails every call of a failed group and goes on with the next', async () => {
    let calls = 0;
    const loader = groupLoader<number, number>(async (keys) => {
      calls += 1;
      if (calls === 1) throw new Error('database down');
      return keys.map((k) => k);
    });
    await expect(Promise.all([loader.load(1), loader.load(2)])).rejects.toThrow('database down');
    expect(await loader.load(3)).toBe(3);
  });
});
