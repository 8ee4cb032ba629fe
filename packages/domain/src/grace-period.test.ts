import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDate, daysBetween } from './calendar-date';
import { graceEndDate, gracePeriodFor, hasGraceEnded } from './grace-period';
import { calendarDateArb } from './test-arbitraries';

const d = calendarDate;

describe('grace period', () => {
  it('adds days, weeks or clamped months to the failure date', () => {
    expect(graceEndDate(d('2025-09-20'), { period: 14, unit: 'days' })).toBe('2025-10-04');
    expect(graceEndDate(d('2025-09-20'), { period: 2, unit: 'weeks' })).toBe('2025-10-04');
    expect(graceEndDate(d('2025-01-31'), { period: 1, unit: 'months' })).toBe('2025-02-28');
    expect(graceEndDate(d('2024-01-31'), { period: 1, unit: 'months' })).toBe('2024-02-29');
    expect(graceEndDate(d('2025-01-31'), { period: 0, unit: 'days' })).toBe('2025-01-31');
    expect(() => graceEndDate(d('2025-01-31'), { period: -1, unit: 'days' })).toThrow(RangeError);
  });

  it('uses the term-membership grace for term memberships', () => {
    const org = {
      failedPaymentGracePeriod: 14,
      failedPaymentGracePeriodUnit: 'days' as const,
      termMembershipGracePeriod: 1,
      termMembershipGracePeriodUnit: 'months' as const,
    };
    expect(gracePeriodFor(org, false)).toEqual({ period: 14, unit: 'days' });
    expect(gracePeriodFor(org, true)).toEqual({ period: 1, unit: 'months' });
  });

  it('ends on its end date', () => {
    expect(hasGraceEnded(d('2025-10-04'), d('2025-10-03'))).toBe(false);
    expect(hasGraceEnded(d('2025-10-04'), d('2025-10-04'))).toBe(true);
  });

  it('weeks are seven days and never earlier than the failure', () => {
    fc.assert(
      fc.property(
        calendarDateArb(),
        fc.integer({ min: 0, max: 52 }),
        fc.integer({ min: 0, max: 24 }),
        (failedOn, weeks, months) => {
          expect(daysBetween(failedOn, graceEndDate(failedOn, { period: weeks, unit: 'weeks' }))).toBe(
            weeks * 7,
          );
          const monthEnd = graceEndDate(failedOn, { period: months, unit: 'months' });
          expect(daysBetween(failedOn, monthEnd)).toBeGreaterThanOrEqual(months * 28);
          expect(daysBetween(failedOn, monthEnd)).toBeLessThanOrEqual(months * 31);
        },
      ),
    );
  });
});
