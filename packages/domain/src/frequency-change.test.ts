// A price change to a price of another billing frequency (BILLING.md "Price changes"): the paid period
// runs to its end, the new frequency starts on the change date, which becomes the anchor.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodEnd, RECURRING_FREQUENCIES, type RecurringFrequency } from './billing-frequency';
import {
  duePeriods,
  frequencyChangeAt,
  frequencyChangeProblem,
  plannedCharges,
  type ScheduleInput,
} from './billing-schedule';
import { addDays, type CalendarDate, calendarDate, calendarDateParts } from './calendar-date';
import { calendarDateArb } from './test-arbitraries';

const d = calendarDate;
const weekly: ScheduleInput = {
  frequency: 'weekly',
  anchorDay: 2,
  startDate: d('2026-02-02'),
  currentPeriodStart: d('2026-02-23'),
  currentPeriodEnd: d('2026-03-02'),
  endsAt: null,
  termEndsAt: null,
};
const pricing = {
  priceAmount: 2500,
  forcePriceAmount: null,
  paymentType: 'bank_account',
  cardSurchargeBasisPoints: 0,
  joiningFee: 0,
};

describe('a change of billing frequency', () => {
  it('weekly to monthly: the paid week runs out, then monthly periods from the change date, anchored on it', () => {
    const change = { frequency: 'monthly' as const, takesEffectAt: d('2026-03-09') };
    const planned = plannedCharges(
      { ...weekly, frequencyChange: change },
      { ...pricing, transition: { amount: 9900, takesEffectAt: change.takesEffectAt, priceId: 7 } },
      d('2026-06-09'),
    );
    expect(
      planned.map((p) => [p.period.start, p.period.end, p.amount, p.priceChangeTo, p.newAnchorDay]),
    ).toEqual([
      ['2026-03-02', '2026-03-09', 2500, null, null],
      ['2026-03-09', '2026-04-09', 9900, 7, 9],
      ['2026-04-09', '2026-05-09', 9900, null, null],
      ['2026-05-09', '2026-06-09', 9900, null, null],
      ['2026-06-09', '2026-07-09', 9900, null, null],
    ]);
  });

  it('monthly to weekly on a month-end anchor: weeks from the change date', () => {
    const monthly: ScheduleInput = {
      ...weekly,
      frequency: 'monthly',
      anchorDay: 31,
      startDate: d('2026-01-31'),
      currentPeriodStart: d('2026-01-31'),
      currentPeriodEnd: d('2026-02-28'),
      frequencyChange: { frequency: 'weekly', takesEffectAt: d('2026-03-31') },
    };
    expect(duePeriods(monthly, d('2026-04-14')).map((p) => p.start)).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-07',
      '2026-04-14',
    ]);
  });

  it('a change date the grid has moved past (a pause booked later) switches at the first start after it', () => {
    const moved = { ...weekly, currentPeriodEnd: d('2026-03-12') };
    const switched = frequencyChangeAt(
      { ...moved, frequencyChange: { frequency: 'monthly', takesEffectAt: d('2026-03-09') } },
      d('2026-03-12'),
    );
    expect(switched).toMatchObject({ frequency: 'monthly', anchorDay: 12, frequencyChange: null });
  });

  it('the same frequency, or a one-off either side, keeps the grid', () => {
    const same = frequencyChangeAt(
      { ...weekly, frequencyChange: { frequency: 'weekly', takesEffectAt: d('2026-03-02') } },
      d('2026-03-02'),
    );
    expect(same).toMatchObject({ frequency: 'weekly', anchorDay: 2, frequencyChange: null });
    const oneOff = frequencyChangeAt(
      { ...weekly, frequencyChange: { frequency: 'one_off', takesEffectAt: d('2026-03-02') } },
      d('2026-03-02'),
    );
    expect(oneOff).toMatchObject({ frequency: 'weekly', anchorDay: 2 });
  });

  it('is allowed on a period start only, and offers the next one', () => {
    expect(frequencyChangeProblem(weekly, 'weekly', d('2026-03-05'))).toBeNull();
    expect(frequencyChangeProblem(weekly, 'monthly', d('2026-03-02'))).toBeNull();
    expect(frequencyChangeProblem(weekly, 'monthly', d('2026-03-16'))).toBeNull();
    expect(frequencyChangeProblem(weekly, 'monthly', d('2026-03-05'))).toEqual({
      problem: 'not_period_start',
      message:
        'A change from weekly to monthly billing must take effect on the day a weekly period starts (the next is 9 Mar 2026)',
      nextStart: '2026-03-09',
    });
    // Inside the week already paid for: the next start is its end.
    expect(frequencyChangeProblem(weekly, 'monthly', d('2026-02-25'))?.nextStart).toBe('2026-03-02');
    expect(frequencyChangeProblem(weekly, 'one_off', d('2026-03-02'))?.problem).toBe('one_off');
  });
});

const recurring = fc.constantFrom(...RECURRING_FREQUENCIES);

describe('a change of billing frequency, for any frequencies and dates', () => {
  it('no day is charged twice or left out, the change date starts a new-frequency period anchored on it, and the paid period is untouched', () => {
    fc.assert(
      fc.property(
        recurring,
        recurring,
        calendarDateArb(2024, 2030),
        fc.integer({ min: 0, max: 6 }),
        (from: RecurringFrequency, to: RecurringFrequency, start, periodsOn) => {
          const anchorDay = calendarDateParts(start).day;
          const paidEnd = periodEnd(start, from, anchorDay);
          const schedule: ScheduleInput = {
            frequency: from,
            anchorDay,
            startDate: start,
            currentPeriodStart: start,
            currentPeriodEnd: paidEnd,
            endsAt: null,
            termEndsAt: null,
          };
          // A valid change date: a period start of the old grid, `periodsOn` periods after the paid one.
          const grid = duePeriods(schedule, addDays(paidEnd, 400 * 7));
          const takesEffectAt = grid[periodsOn]!.start;
          expect(frequencyChangeProblem(schedule, to, takesEffectAt)).toBeNull();
          const until = addDays(takesEffectAt, 800);
          const periods = duePeriods(
            { ...schedule, frequencyChange: { frequency: to, takesEffectAt } },
            until,
          );
          // Contiguous: each period starts where the last ended, from the end of the paid one.
          let expected: CalendarDate = paidEnd;
          for (const p of periods) {
            expect(p.start).toBe(expected);
            expect(p.end! > p.start).toBe(true);
            expected = p.end!;
          }
          // Before the change: the old grid; from it: the new frequency anchored on the change date.
          const before = periods.filter((p) => p.start < takesEffectAt);
          expect(before).toEqual(grid.slice(0, periodsOn));
          const after = periods.filter((p) => p.start >= takesEffectAt);
          expect(after[0]!.start).toBe(takesEffectAt);
          const newAnchor = from === to ? anchorDay : calendarDateParts(takesEffectAt).day;
          for (const p of after) expect(p.end).toBe(periodEnd(p.start, to, newAnchor));
          // The engine's charges switch exactly once, on the change date, with the new anchor.
          const planned = plannedCharges(
            { ...schedule, frequencyChange: { frequency: to, takesEffectAt } },
            { ...pricing, transition: { amount: 4200, takesEffectAt, priceId: 9 } },
            until,
          );
          const switches = planned.filter((p) => p.newAnchorDay !== null);
          expect(switches.map((p) => p.period.start)).toEqual(from === to ? [] : [takesEffectAt]);
          if (from !== to) expect(switches[0]!.newAnchorDay).toBe(newAnchor);
          expect(planned.filter((p) => p.priceChangeTo !== null).map((p) => p.period.start)).toEqual([
            takesEffectAt,
          ]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a date off the grid is refused with the next period start, which is itself allowed', () => {
    fc.assert(
      fc.property(
        recurring,
        recurring,
        calendarDateArb(2024, 2030),
        fc.integer({ min: 1, max: 400 }),
        (from, to, start, ahead) => {
          fc.pre(from !== to);
          const anchorDay = calendarDateParts(start).day;
          const schedule: ScheduleInput = {
            frequency: from,
            anchorDay,
            startDate: start,
            currentPeriodStart: start,
            currentPeriodEnd: periodEnd(start, from, anchorDay),
            endsAt: null,
            termEndsAt: null,
          };
          const date = addDays(start, ahead);
          const problem = frequencyChangeProblem(schedule, to, date);
          const onGrid = duePeriods(schedule, date).some((p) => p.start === date);
          expect(problem === null).toBe(onGrid);
          if (problem) {
            expect(problem.nextStart! > date).toBe(true);
            expect(frequencyChangeProblem(schedule, to, problem.nextStart!)).toBeNull();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
