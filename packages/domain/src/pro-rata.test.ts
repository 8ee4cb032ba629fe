import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodEnd, RECURRING_FREQUENCIES } from './billing-frequency';
import { addDays, calendarDate, calendarDateParts, daysBetween } from './calendar-date';
import { proRata, proRataAmount } from './pro-rata';
import { calendarDateArb, centsArb } from './test-arbitraries';

const d = calendarDate;

describe('proRata', () => {
  it('charges the days from the start to the billing date, start day counted', () => {
    const result = proRata({
      amount: 6000,
      frequency: 'monthly',
      startDate: d('2025-04-05'),
      periodEnd: d('2025-04-15'),
    });
    expect(result).toMatchObject({
      amount: 1935, // 6000 × 10 / 31 = 1935.48
      remainingDays: 10,
      periodDays: 31,
      fullAmount: 6000,
      periodStart: '2025-03-15',
      periodEnd: '2025-04-15',
    });
    expect(result.explanation).toBe(
      "$19.35 for 10 of the period's 31 days (5 Apr 2025 to 14 Apr 2025); the full $60.00 from 15 Apr 2025",
    );
  });

  it('rounds once, half up', () => {
    // 1000 × 3 / 6 = 500 exactly; 1001 × 1 / 2 = 500.5 → 501.
    expect(
      proRata({ amount: 1001, frequency: 'daily', startDate: d('2025-01-01'), periodEnd: d('2025-01-02') })
        .amount,
    ).toBe(1001);
    expect(proRataAmount(1001, 1, 2)).toBe(501);
    expect(proRataAmount(1000, 1, 3)).toBe(333);
    expect(proRataAmount(1000, 2, 3)).toBe(667);
  });

  it('counts a 23-hour daylight-saving day as a whole day', () => {
    // The week of 22-29 Sep 2025 holds the spring-forward Sunday (28th).
    const result = proRata({
      amount: 700,
      frequency: 'weekly',
      startDate: d('2025-09-26'),
      periodEnd: d('2025-09-29'),
    });
    expect(result).toMatchObject({ amount: 300, remainingDays: 3, periodDays: 7 });
  });

  it('uses the real month length in a leap February', () => {
    const leap = proRata({
      amount: 2900,
      frequency: 'monthly',
      startDate: d('2024-02-20'),
      periodEnd: d('2024-03-01'),
    });
    expect(leap).toMatchObject({
      periodStart: '2024-02-01',
      periodDays: 29,
      remainingDays: 10,
      amount: 1000,
    });
    const plain = proRata({
      amount: 2800,
      frequency: 'monthly',
      startDate: d('2025-02-19'),
      periodEnd: d('2025-03-01'),
    });
    expect(plain).toMatchObject({ periodDays: 28, remainingDays: 10, amount: 1000 });
  });

  it('steps back from a clamped billing date with the anchor', () => {
    const result = proRata({
      amount: 3100,
      frequency: 'monthly',
      startDate: d('2025-02-20'),
      periodEnd: d('2025-02-28'),
      anchorDay: 31,
    });
    expect(result).toMatchObject({
      periodStart: '2025-01-31',
      periodDays: 28,
      remainingDays: 8,
      amount: 886,
    });
  });

  it('charges in full on the first day and nothing on the billing date', () => {
    const end = d('2025-05-01');
    expect(
      proRata({ amount: 5000, frequency: 'monthly', startDate: d('2025-04-01'), periodEnd: end }).amount,
    ).toBe(5000);
    const none = proRata({ amount: 5000, frequency: 'monthly', startDate: end, periodEnd: end });
    expect(none.amount).toBe(0);
    expect(none.explanation).toContain('no pro-rata days');
  });

  it('refuses starts outside the period and bad amounts', () => {
    expect(() =>
      proRata({ amount: 5000, frequency: 'weekly', startDate: d('2025-04-01'), periodEnd: d('2025-05-01') }),
    ).toThrow(RangeError);
    expect(() =>
      proRata({ amount: 50.5, frequency: 'weekly', startDate: d('2025-04-28'), periodEnd: d('2025-05-01') }),
    ).toThrow(RangeError);
    expect(() =>
      proRata({ amount: -1, frequency: 'weekly', startDate: d('2025-04-28'), periodEnd: d('2025-05-01') }),
    ).toThrow(RangeError);
  });

  it('is never negative, never above the full amount, and full on the period boundary', () => {
    fc.assert(
      fc.property(
        centsArb,
        fc.constantFrom(...RECURRING_FREQUENCIES),
        calendarDateArb(2000, 2060),
        fc.integer({ min: 0, max: 400 }),
        (amount, frequency, periodStart, offset) => {
          const anchor = calendarDateParts(periodStart).day;
          const end = periodEnd(periodStart, frequency, anchor);
          const periodDays = daysBetween(periodStart, end);
          const startDate = addDays(periodStart, offset % (periodDays + 1));
          const result = proRata({ amount, frequency, startDate, periodEnd: end, periodStart });
          expect(Number.isInteger(result.amount)).toBe(true);
          expect(result.amount).toBeGreaterThanOrEqual(0);
          expect(result.amount).toBeLessThanOrEqual(amount);
          expect(result.periodDays).toBe(periodDays);
          expect(result.remainingDays).toBe(daysBetween(startDate, end));
          if (startDate === periodStart) expect(result.amount).toBe(amount);
          // Within half a cent of the exact share.
          expect(
            Math.abs(result.amount * periodDays - amount * result.remainingDays) * 2,
          ).toBeLessThanOrEqual(periodDays);
        },
      ),
    );
  });

  it('starting a day later never costs more', () => {
    fc.assert(
      fc.property(
        centsArb,
        calendarDateArb(2000, 2060),
        fc.integer({ min: 0, max: 30 }),
        (amount, periodStart, offset) => {
          const end = periodEnd(periodStart, 'monthly');
          const days = daysBetween(periodStart, end);
          const first = addDays(periodStart, Math.min(offset, days - 1));
          const later = addDays(first, 1);
          const a = proRata({ amount, frequency: 'monthly', startDate: first, periodEnd: end, periodStart });
          const b = proRata({ amount, frequency: 'monthly', startDate: later, periodEnd: end, periodStart });
          expect(b.amount).toBeLessThanOrEqual(a.amount);
        },
      ),
    );
  });
});
