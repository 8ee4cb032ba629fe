import { addDays, type CalendarDate, dayOfWeek, startOfDayInstant } from '@gym/domain/calendar-date';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { costPerVisit, paidPerWeek, visitsPerWeek, weekStarts } from './weekly-buckets';

const d = (text: string) => text as CalendarDate;

describe('weekStarts', () => {
  it('answers the Mondays of the last weeks, this week last', () => {
    // Wednesday 4 March 2026.
    expect(weekStarts(d('2026-03-04'), 3)).toEqual(['2026-02-16', '2026-02-23', '2026-03-02']);
    expect(weekStarts(d('2026-03-02'), 1)).toEqual(['2026-03-02']);
    expect(weekStarts(d('2026-03-08'), 1)).toEqual(['2026-03-02']);
  });

  it('always gives consecutive Mondays ending in the week of today', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -3000, max: 3000 }),
        fc.integer({ min: 1, max: 104 }),
        (offset, weeks) => {
          const today = addDays(d('2026-01-01'), offset);
          const starts = weekStarts(today, weeks);
          expect(starts).toHaveLength(weeks);
          for (const [i, start] of starts.entries()) {
            expect(dayOfWeek(start)).toBe(1);
            if (i > 0) expect(start).toBe(addDays(starts[i - 1]!, 7));
          }
          const last = starts[weeks - 1]!;
          expect(last <= today && today < addDays(last, 7)).toBe(true);
        },
      ),
    );
  });
});

describe('visitsPerWeek', () => {
  it('counts by Auckland date, across the April daylight-saving change', () => {
    const starts = [d('2026-03-30'), d('2026-04-06')];
    // After the change (+12): 11:30 pm Sunday 5 April is 11:30 UTC, 00:30 Monday 6 April is 12:30 UTC;
    // before it (+13) 11:30 pm Sunday 29 March, outside the weeks, is 10:30 UTC.
    const visits = [
      new Date('2026-04-05T11:30:00Z'),
      new Date('2026-04-05T12:30:00Z'),
      new Date('2026-03-29T10:30:00Z'),
    ];
    expect(visitsPerWeek(starts, visits)).toEqual([1, 1]);
  });
});

describe('paidPerWeek', () => {
  it('spreads a period over its days and counts a one-off in its week', () => {
    const starts = [d('2026-03-02'), d('2026-03-09')];
    expect(
      paidPerWeek(starts, [
        // 14 days, 7 in each week.
        { periodStart: d('2026-03-02'), periodEnd: d('2026-03-16'), paid: 5000 },
        { periodStart: d('2026-03-10'), periodEnd: null, paid: 999 },
      ]),
    ).toEqual([2500, 3499]);
  });

  it('never gives a week more than was paid, and sums to the whole of periods inside the range within a cent each', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            start: fc.integer({ min: 0, max: 60 }),
            length: fc.integer({ min: 1, max: 40 }),
            paid: fc.integer({ min: 0, max: 500_000 }),
          }),
          { maxLength: 8 },
        ),
        (raw) => {
          const first = d('2026-01-05');
          const starts = weekStarts(addDays(first, 7 * 20), 21);
          const periods = raw.map((p) => ({
            periodStart: addDays(first, p.start),
            periodEnd: addDays(first, p.start + p.length),
            paid: p.paid,
          }));
          const weeks = paidPerWeek(starts, periods);
          const total = periods.reduce((sum, p) => sum + p.paid, 0);
          const sum = weeks.reduce((a, b) => a + b, 0);
          expect(weeks.every((w) => w >= 0 && w <= total)).toBe(true);
          // Each period lands in at most seven weeks, each share rounded once.
          expect(Math.abs(sum - total)).toBeLessThanOrEqual(periods.length * 7);
        },
      ),
    );
  });
});

describe('costPerVisit', () => {
  it('divides, rounding half up, and is null without visits', () => {
    expect(costPerVisit(2500, 2)).toBe(1250);
    expect(costPerVisit(1000, 3)).toBe(333);
    expect(costPerVisit(500, 0)).toBeNull();
    expect(startOfDayInstant(d('2026-01-01'))).toBeInstanceOf(Date);
  });
});
