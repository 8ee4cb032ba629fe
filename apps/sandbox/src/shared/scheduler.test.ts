import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSimClock } from './clock';
import { Scheduler } from './scheduler';

const fixed = () => {
  const clock = createSimClock(() => new Date('2027-03-01T00:00:00Z'));
  return { clock, scheduler: new Scheduler(clock) };
};

describe('Scheduler', () => {
  it('runs tasks by due time, and tasks due together in the order they were scheduled', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 200 }), async (delays) => {
        const { scheduler } = fixed();
        const ran: number[] = [];
        for (const [i, ms] of delays.entries()) scheduler.after(ms, 'test', () => void ran.push(i));
        await scheduler.advance(100);
        const expected = delays.map((ms, i) => ({ ms, i })).sort((a, b) => a.ms - b.ms || a.i - b.i);
        expect(ran).toEqual(expected.map((e) => e.i));
        expect(scheduler.pending()).toBe(0);
      }),
    );
  });

  it('leaves what is not yet due, and forgets cancelled and cleared tasks', async () => {
    const { scheduler } = fixed();
    const ran: string[] = [];
    scheduler.after(10, 'akahu:payment', () => void ran.push('a'));
    const cancelled = scheduler.after(20, 'akahu:payment', () => void ran.push('b'));
    scheduler.after(30, 'stripe:webhook', () => void ran.push('c'));
    scheduler.after(500, 'akahu:payment', () => void ran.push('d'));
    scheduler.cancel(cancelled);
    scheduler.clear('stripe:');
    await scheduler.advance(100);
    expect(ran).toEqual(['a']);
    expect(scheduler.pending()).toBe(1);
    await scheduler.advance(400);
    expect(ran).toEqual(['a', 'd']);
  });

  it('runs what is due side by side, and what those tasks schedule for now after them', async () => {
    const { scheduler } = fixed();
    const log: string[] = [];
    const slow = (name: string) => async () => {
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`end ${name}`);
    };
    scheduler.after(0, 'webhook:akahu', slow('a'));
    scheduler.after(0, 'webhook:akahu', async () => {
      await slow('b')();
      scheduler.after(0, 'webhook:akahu', slow('c'));
    });
    scheduler.after(60_000, 'webhook:akahu', slow('later'));
    await scheduler.runDue();
    expect(log.slice(0, 2)).toEqual(['start a', 'start b']);
    expect(log.slice(-2)).toEqual(['start c', 'end c']);
    expect(log).not.toContain('start later');
    expect(scheduler.pending()).toBe(1);
  });
});
