import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodEnd } from './billing-frequency';
import { addDays, calendarDate, dayOfWeek, daysBetween } from './calendar-date';
import { isInsidePause, pauseDaysRemaining, pauseOutcome } from './pause-credit';
import { calendarDateArb } from './test-arbitraries';

const d = calendarDate;

describe('pauses', () => {
  it('BILLING.md example: weekly, paid Mon 1 to Mon 8, paused Thu 4 to Thu 18', () => {
    // September 2025: the 1st is a Monday.
    expect(dayOfWeek(d('2025-09-01'))).toBe(1);
    const outcome = pauseOutcome({
      paidPeriodStart: d('2025-09-01'),
      paidPeriodEnd: d('2025-09-08'),
      pauseStart: d('2025-09-04'),
      pauseEnd: d('2025-09-18'),
    });
    expect(outcome).toEqual({ creditDays: 4, nextChargeDate: '2025-09-22', newAnchorDay: 22 });
    expect(dayOfWeek(outcome.nextChargeDate)).toBe(1);
    // No charge on Mon 8 or Mon 15: both fall inside the pause.
    const pause = { pauseStart: d('2025-09-04'), pauseEnd: d('2025-09-18') };
    expect(isInsidePause(d('2025-09-08'), pause)).toBe(true);
    expect(isInsidePause(d('2025-09-15'), pause)).toBe(true);
    expect(isInsidePause(d('2025-09-18'), pause)).toBe(false);
  });

  it('a pause inside the paid period pushes the charge by its length', () => {
    const outcome = pauseOutcome({
      paidPeriodStart: d('2025-03-01'),
      paidPeriodEnd: d('2025-04-01'),
      pauseStart: d('2025-03-10'),
      pauseEnd: d('2025-03-17'),
    });
    expect(outcome).toEqual({ creditDays: 7, nextChargeDate: '2025-04-08', newAnchorDay: 8 });
  });

  it('a pause starting on the renewal date credits nothing and resumes billing on return', () => {
    const outcome = pauseOutcome({
      paidPeriodStart: d('2025-03-01'),
      paidPeriodEnd: d('2025-04-01'),
      pauseStart: d('2025-04-01'),
      pauseEnd: d('2025-04-15'),
    });
    expect(outcome).toEqual({ creditDays: 0, nextChargeDate: '2025-04-15', newAnchorDay: 15 });
  });

  it('refuses a pause after the paid period or backwards', () => {
    const period = { paidPeriodStart: d('2025-03-01'), paidPeriodEnd: d('2025-04-01') };
    expect(() => pauseOutcome({ ...period, pauseStart: d('2025-04-02'), pauseEnd: d('2025-04-09') })).toThrow(
      RangeError,
    );
    expect(() => pauseOutcome({ ...period, pauseStart: d('2025-03-09'), pauseEnd: d('2025-03-09') })).toThrow(
      RangeError,
    );
  });

  it('counts the days remaining', () => {
    const pause = { pauseStart: d('2025-09-04'), pauseEnd: d('2025-09-18') };
    expect(pauseDaysRemaining(pause, d('2025-09-01'))).toBe(14);
    expect(pauseDaysRemaining(pause, d('2025-09-10'))).toBe(8);
    expect(pauseDaysRemaining(pause, d('2025-09-18'))).toBe(0);
    expect(pauseDaysRemaining(pause, d('2025-10-01'))).toBe(0);
  });

  it('keeps every paid day: the member gets back exactly the days the pause took', () => {
    fc.assert(
      fc.property(
        calendarDateArb(2000, 2060),
        fc.constantFrom(
          'daily' as const,
          'weekly' as const,
          'fortnightly' as const,
          'monthly' as const,
          'yearly' as const,
        ),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 120 }),
        (paidPeriodStart, frequency, offset, length) => {
          const paidPeriodEnd = periodEnd(paidPeriodStart, frequency);
          const periodDays = daysBetween(paidPeriodStart, paidPeriodEnd);
          const pauseStart = addDays(paidPeriodStart, offset % (periodDays + 1));
          const pauseEnd = addDays(pauseStart, length);
          const outcome = pauseOutcome({ paidPeriodStart, paidPeriodEnd, pauseStart, pauseEnd });
          expect(outcome.creditDays).toBeGreaterThanOrEqual(0);
          expect(outcome.creditDays).toBeLessThanOrEqual(Math.min(length, periodDays));
          // Paid days used before the pause plus paid days after return make exactly the paid period.
          const usedBefore = daysBetween(paidPeriodStart, pauseStart);
          const usedAfter = daysBetween(pauseEnd, outcome.nextChargeDate);
          expect(usedBefore + usedAfter).toBe(periodDays);
          // The next charge never falls inside the pause.
          expect(isInsidePause(outcome.nextChargeDate, { pauseStart, pauseEnd })).toBe(false);
          expect(outcome.nextChargeDate >= paidPeriodEnd).toBe(true);
        },
      ),
    );
  });
});
