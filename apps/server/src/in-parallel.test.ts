import { describe, expect, it } from 'vitest';
import { eachInParallel } from './in-parallel';

describe('eachInParallel', () => {
  it('does every item once, never more than the limit at a time, starting in order', async () => {
    const started: number[] = [];
    let running = 0;
    let most = 0;
    await eachInParallel(
      Array.from({ length: 20 }, (_, i) => i),
      async (i) => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, (i * 7) % 5));
        running -= 1;
      },
      3,
    );
    expect(started).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(most).toBe(3);
  });

  it('passes a failure on', async () => {
    await expect(
      eachInParallel([1, 2, 3], async (i) => {
        if (i === 2) throw new Error('provider down');
      }),
    ).rejects.toThrow('provider down');
  });

  it('does nothing for no items', async () => {
    await eachInParallel([], async () => {
      throw new Error('never');
    });
  });
});
