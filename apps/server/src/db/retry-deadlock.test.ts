// A deadlock's victim is sent again (db/client.ts retryDeadlock): PostgreSQL rolled it back whole.
import { describe, expect, it } from 'vitest';
import { isDeadlock, retryDeadlock } from './client';

/** As drizzle throws it: its own error, with the driver's (code 40P01) as the cause. */
const deadlock = () =>
  Object.assign(new Error('Failed query: insert into payments …'), {
    cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
  });

describe('retryDeadlock', () => {
  it('tells a deadlock from other errors, through the wrapping error', () => {
    expect(isDeadlock(deadlock())).toBe(true);
    expect(isDeadlock(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isDeadlock(undefined)).toBe(false);
  });

  it('runs the work again after a deadlock, and answers what it answers then', async () => {
    let runs = 0;
    const answer = await retryDeadlock(async () => {
      runs += 1;
      if (runs < 3) throw deadlock();
      return 'done';
    });
    expect(answer).toBe('done');
    expect(runs).toBe(3);
  });

  it('gives up after four tries, with the deadlock', async () => {
    let runs = 0;
    await expect(
      retryDeadlock(async () => {
        runs += 1;
        throw deadlock();
      }),
    ).rejects.toThrow('Failed query');
    expect(runs).toBe(4);
  });

  it('does not run the work again for any other error', async () => {
    let runs = 0;
    await expect(
      retryDeadlock(async () => {
        runs += 1;
        throw new Error('unique violation');
      }),
    ).rejects.toThrow('unique violation');
    expect(runs).toBe(1);
  });
});
