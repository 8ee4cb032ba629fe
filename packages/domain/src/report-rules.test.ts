import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BILLING_FREQUENCIES, RECURRING_FREQUENCIES } from './billing-frequency';
import {
  churnRate,
  DEBT_AGE_BUCKET_FROM,
  DEBT_AGE_BUCKETS,
  debtAgeBucket,
  formatRate,
  monthlyAmount,
  monthsBetween,
  recoveryRate,
  shareBasisPoints,
} from './report-rules';

const PERIODS_A_YEAR = {
  daily: 365,
  weekly: 52,
  fortnightly: 26,
  monthly: 12,
  bi_monthly: 6,
  quarterly: 4,
  twice_yearly: 2,
  yearly: 1,
} as const;

describe('monthlyAmount', () => {
  it('turns each frequency into a month: periods a year × amount ÷ 12, to the cent half up', () => {
    expect(monthlyAmount(2500, 'weekly')).toBe(10833); // 108.333…
    expect(monthlyAmount(1001, 'fortnightly')).toBe(2169); // 21.688…
    expect(monthlyAmount(6000, 'monthly')).toBe(6000);
    expect(monthlyAmount(15000, 'quarterly')).toBe(5000);
    expect(monthlyAmount(100, 'quarterly')).toBe(33);
    expect(monthlyAmount(200, 'quarterly')).toBe(67); // 66.67
    expect(monthlyAmount(60000, 'yearly')).toBe(5000);
    expect(monthlyAmount(1000, 'daily')).toBe(30417); // 304.1666…
    expect(monthlyAmount(6, 'weekly')).toBe(26); // 26.0 exactly
    expect(monthlyAmount(3, 'bi_monthly')).toBe(2); // 1.5 rounds up
    expect(monthlyAmount(5000, 'one_off')).toBe(0);
  });

  it('is within half a cent of the exact amount, for every frequency', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom(...RECURRING_FREQUENCIES),
        (amount, frequency) => {
          const exact = (amount * PERIODS_A_YEAR[frequency]) / 12;
          const got = monthlyAmount(amount, frequency);
          expect(Number.isInteger(got)).toBe(true);
          expect(got - exact).toBeLessThanOrEqual(0.5 + 1e-9);
          expect(exact - got).toBeLessThan(0.5 + 1e-9);
        },
      ),
    );
  });

  it('never falls as the price rises, and a year of it is the year’s charges to within 6 cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom(...BILLING_FREQUENCIES),
        (amount, rise, frequency) => {
          expect(monthlyAmount(amount + rise, frequency)).toBeGreaterThanOrEqual(
            monthlyAmount(amount, frequency),
          );
          if (frequency === 'one_off') return;
          const year = amount * PERIODS_A_YEAR[frequency];
          expect(Math.abs(monthlyAmount(amount, frequency) * 12 - year)).toBeLessThanOrEqual(6);
        },
      ),
    );
  });
});

describe('debtAgeBucket', () => {
  it('puts the edges where the report says', () => {
    expect([0, 6, 7, 14, 15, 30, 31, 400].map(debtAgeBucket)).toEqual([
      'under_7',
      'under_7',
      '7_14',
      '7_14',
      '15_30',
      '15_30',
      'over_30',
      'over_30',
    ]);
    expect(() => debtAgeBucket(-1)).toThrow(RangeError);
  });

  it('agrees with the bounds the SQL uses, and never goes back as a debt ages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 100 }), (days, more) => {
        const bucket = debtAgeBucket(days);
        const index = DEBT_AGE_BUCKETS.indexOf(bucket);
        expect(days).toBeGreaterThanOrEqual(DEBT_AGE_BUCKET_FROM[bucket]);
        const next = DEBT_AGE_BUCKETS[index + 1];
        if (next) expect(days).toBeLessThan(DEBT_AGE_BUCKET_FROM[next]);
        expect(DEBT_AGE_BUCKETS.indexOf(debtAgeBucket(days + more))).toBeGreaterThanOrEqual(index);
      }),
    );
  });
});

describe('rates', () => {
  it('are basis points, half up, with no rate out of nothing', () => {
    expect(churnRate(1, 3)).toBe(3333);
    expect(churnRate(2, 3)).toBe(6667);
    expect(churnRate(0, 0)).toBeNull();
    expect(recoveryRate(1, 2)).toBe(5000);
    expect(formatRate(3333)).toBe('33.33%');
    expect(formatRate(null)).toBe('–');
    expect(() => shareBasisPoints(-1, 3)).toThrow(RangeError);
  });

  it('stay between 0 and 100 % when the part is of the whole', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (whole, f) => {
          const part = Math.floor(whole * f);
          const rate = shareBasisPoints(part, whole)!;
          expect(rate).toBeGreaterThanOrEqual(0);
          expect(rate).toBeLessThanOrEqual(10_000);
        },
      ),
    );
  });
});

describe('monthsBetween', () => {
  it('names each month of a period, across a year end', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-02')).toEqual([]);
  });
});
