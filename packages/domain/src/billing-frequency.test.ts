import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedFrequencies,
  BILLING_FREQUENCIES,
  billingFrequencyLabel,
  isBillingFrequency,
  isFrequencyAllowed,
  ORGANISATION_FREQUENCY_KEYS,
  ORGANISATION_FREQUENCY_TO_BILLING,
  PERIOD_LENGTH,
  periodEnd,
  periodStartBefore,
  periodStartsBetween,
  periodsBetween,
  RECURRING_FREQUENCIES,
} from './billing-frequency';
import { addDays, calendarDate, calendarDateParts, daysBetween, daysInMonth } from './calendar-date';
import { calendarDateArb } from './test-arbitraries';

const d = calendarDate;

describe('frequencies', () => {
  it('lists frequencies shortest to longest, one_off out of the recurring list', () => {
    expect(RECURRING_FREQUENCIES).toEqual([
      'daily',
      'weekly',
      'fortnightly',
      'monthly',
      'bi_monthly',
      'quarterly',
      'twice_yearly',
      'yearly',
    ]);
    expect(BILLING_FREQUENCIES.at(-1)).toBe('one_off');
  });

  it('labels each frequency', () => {
    expect(BILLING_FREQUENCIES.map(billingFrequencyLabel)).toEqual([
      'Daily',
      'Weekly',
      'Fortnightly',
      'Monthly',
      'Every 2 months',
      'Quarterly',
      'Every 6 months',
      'Yearly',
      'One-off',
    ]);
  });

  it('maps the organisation switches, six_monthly being twice_yearly', () => {
    expect(ORGANISATION_FREQUENCY_KEYS).toEqual([
      'weekly',
      'fortnightly',
      'monthly',
      'quarterly',
      'six_monthly',
      'yearly',
    ]);
    expect(ORGANISATION_FREQUENCY_TO_BILLING.six_monthly).toBe('twice_yearly');
    const settings = {
      weekly: true,
      fortnightly: false,
      monthly: true,
      quarterly: false,
      six_monthly: true,
      yearly: false,
    };
    expect(allowedFrequencies(settings)).toEqual(['weekly', 'monthly', 'twice_yearly']);
    expect(isFrequencyAllowed('fortnightly', settings)).toBe(false);
    // No switch for these, so no new price uses them.
    expect(isFrequencyAllowed('daily', settings)).toBe(false);
    expect(isFrequencyAllowed('bi_monthly', settings)).toBe(false);
    expect(isFrequencyAllowed('one_off', settings)).toBe(true);
  });

  it('recognises frequency names', () => {
    expect(isBillingFrequency('bi_monthly')).toBe(true);
    expect(isBillingFrequency('six_monthly')).toBe(false);
    expect(isBillingFrequency(3)).toBe(false);
  });

  it('is ordered by period length', () => {
    const approxDays = RECURRING_FREQUENCIES.map((f) => {
      const length = PERIOD_LENGTH[f];
      return 'days' in length ? length.days : length.months * 30.4;
    });
    expect([...approxDays].sort((a, b) => a - b)).toEqual(approxDays);
  });
});

describe('periodEnd', () => {
  it('counts day-based periods in calendar days, across daylight saving', () => {
    expect(periodEnd(d('2025-09-22'), 'weekly')).toBe('2025-09-29');
    expect(periodEnd(d('2025-03-31'), 'fortnightly')).toBe('2025-04-14');
    expect(periodEnd(d('2025-09-27'), 'daily')).toBe('2025-09-28');
  });

  it('counts month-based periods from the anchor day', () => {
    expect(periodEnd(d('2025-01-31'), 'monthly')).toBe('2025-02-28');
    expect(periodEnd(d('2025-02-28'), 'monthly', 31)).toBe('2025-03-31');
    expect(periodEnd(d('2024-01-31'), 'monthly', 31)).toBe('2024-02-29');
    expect(periodEnd(d('2025-11-30'), 'quarterly', 30)).toBe('2026-02-28');
    expect(periodEnd(d('2024-02-29'), 'yearly', 29)).toBe('2025-02-28');
    expect(periodEnd(d('2025-02-28'), 'yearly', 29)).toBe('2026-02-28');
    expect(periodEnd(d('2027-02-28'), 'yearly', 29)).toBe('2028-02-29');
    expect(periodEnd(d('2025-08-31'), 'twice_yearly')).toBe('2026-02-28');
    expect(periodEnd(d('2025-12-31'), 'bi_monthly')).toBe('2026-02-28');
  });

  it('steps a 31st anchor through a year without drifting', () => {
    expect(periodStartsBetween(d('2025-01-31'), d('2025-07-01'), 'monthly', 31)).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
      '2025-05-31',
      '2025-06-30',
    ]);
  });

  it('counts charges in a span', () => {
    expect(periodsBetween(d('2025-01-06'), d('2026-01-06'), 'weekly')).toBe(53);
    expect(periodsBetween(d('2025-01-31'), d('2026-01-31'), 'monthly', 31)).toBe(12);
    expect(periodsBetween(d('2025-01-01'), d('2025-01-01'), 'monthly')).toBe(0);
  });
});

describe('period properties', () => {
  const recurringArb = fc.constantFrom(...RECURRING_FREQUENCIES);

  it('periods are positive, of the right length, and periodStartBefore undoes periodEnd', () => {
    fc.assert(
      fc.property(
        calendarDateArb(),
        recurringArb,
        fc.integer({ min: 1, max: 31 }),
        (day, frequency, anchor) => {
          const { year, month } = calendarDateParts(day);
          // Start on the anchored date of that month, as a subscription's periods do.
          const start = calendarDate(
            `${day.slice(0, 8)}${String(Math.min(anchor, daysInMonth(year, month))).padStart(2, '0')}`,
          );
          const end = periodEnd(start, frequency, anchor);
          const length = PERIOD_LENGTH[frequency];
          const days = daysBetween(start, end);
          if ('days' in length) expect(days).toBe(length.days);
          else {
            expect(days).toBeGreaterThanOrEqual(length.months * 28);
            expect(days).toBeLessThanOrEqual(length.months * 31);
          }
          expect(periodStartBefore(end, frequency, anchor)).toBe(start);
        },
      ),
    );
  });

  it('period starts tile a span with no gaps or overlaps', () => {
    fc.assert(
      fc.property(
        calendarDateArb(2000, 2040),
        recurringArb,
        fc.integer({ min: 0, max: 800 }),
        (start, frequency, span) => {
          const until = addDays(start, span);
          const anchor = calendarDateParts(start).day;
          const starts = periodStartsBetween(start, until, frequency, anchor);
          expect(starts[0] ?? null).toBe(span === 0 ? null : start);
          for (let i = 1; i < starts.length; i++)
            expect(periodEnd(starts[i - 1]!, frequency, anchor)).toBe(starts[i]);
          const last = starts.at(-1);
          if (last !== undefined) {
            expect(last < until).toBe(true);
            expect(periodEnd(last, frequency, anchor) >= until).toBe(true);
          }
        },
      ),
    );
  });
});
