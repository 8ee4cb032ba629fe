// Figures asked for again while fresh come from memory; together, they are worked out once; stale or
// failed, they are worked out again.
import { describe, expect, it } from 'vitest';
import { RecentFigures } from './recent-figures';

describe('RecentFigures', () => {
  it('answers from memory while fresh, per key, and works out again once stale', async () => {
    let now = 0;
    const recent = new RecentFigures(1_000, () => now);
    let runs = 0;
    const work = (value: number) => async () => {
      runs += 1;
      return value;
    };
    expect(await recent.get(['stats', 1, null], work(10))).toBe(10);
    now = 999;
    expect(await recent.get(['stats', 1, null], work(11))).toBe(10);
    expect(await recent.get(['stats', 1, [2]], work(12))).toBe(12);
    expect(runs).toBe(2);
    now = 1_000;
    expect(await recent.get(['stats', 1, null], work(13))).toBe(13);
    expect(runs).toBe(3);
  });

  it('works figures asked for together out once', async () => {
    const recent = new RecentFigures(1_000, () => 0);
    let runs = 0;
    let finish: (value: number) => void = () => {};
    const work = () => {
      runs += 1;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    };
    const both = Promise.all([recent.get(['a'], work), recent.get(['a'], work)]);
    finish(7);
    expect(await both).toEqual([7, 7]);
    expect(runs).toBe(1);
  });

  it('does not keep a failure', async () => {
    const recent = new RecentFigures(1_000, () => 0);
    await expect(recent.get(['a'], () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await recent.get(['a'], async () => 5)).toBe(5);
  });
});
