import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, calendarDate } from './calendar-date';
import {
  breakFee,
  isWithinCoolingOff,
  remainingTermValue,
  termCancellation,
  undoableUntil,
  unusedDaysRefund,
} from './term-cancellation';
import { centsArb } from './test-arbitraries';

const d = calendarDate;

describe('term cancellation', () => {
  const weeklyTerm = {
    amount: 1500,
    frequency: 'weekly' as const,
    anchorDay: 6,
    currentPeriodStart: d('2025-10-06'),
    currentPeriodEnd: d('2025-10-13'),
    termEndsAt: d('2026-01-05'),
    amountPaidForPeriod: 1500,
    coolingPeriodEndsAt: d('2025-01-20'),
    breakFeeBasisPoints: 2500,
  };

  it('values the charges still to come before the term ends', () => {
    // Mondays 13 Oct 2025 … 29 Dec 2025: 12 charges.
    expect(remainingTermValue({ ...weeklyTerm, nextChargeDate: d('2025-10-13') })).toBe(12 * 1500);
    expect(remainingTermValue({ ...weeklyTerm, nextChargeDate: d('2026-01-05') })).toBe(0);
  });

  it('charges the break fee on the remaining value outside cooling-off', () => {
    expect(termCancellation({ ...weeklyTerm, today: d('2025-10-08') })).toEqual({
      kind: 'break_fee',
      endsOn: '2025-10-13',
      remainingTermValue: 18000,
      breakFee: 4500,
    });
  });

  it('ends at once with a refund of unused days inside cooling-off', () => {
    const inCooling = { ...weeklyTerm, coolingPeriodEndsAt: d('2025-10-20') };
    // Cancelled Wed 8 Oct: 8th to 12th unused = 5 of 7 days of $15.00 = $10.71.
    expect(termCancellation({ ...inCooling, today: d('2025-10-08') })).toEqual({
      kind: 'cooling_off',
      endsOn: '2025-10-08',
      refund: 1071,
    });
  });

  it('after the term, cancels as flexi', () => {
    expect(termCancellation({ ...weeklyTerm, today: d('2026-01-05') })).toEqual({
      kind: 'flexi',
      endsOn: '2025-10-13',
    });
  });

  it('knows cooling-off ends on its date', () => {
    expect(isWithinCoolingOff(d('2025-01-19'), d('2025-01-20'))).toBe(true);
    expect(isWithinCoolingOff(d('2025-01-20'), d('2025-01-20'))).toBe(false);
    expect(isWithinCoolingOff(d('2025-01-19'), null)).toBe(false);
  });

  it('break fee is whole cents, half up, never above the remaining value', () => {
    expect(breakFee(1001, 5000)).toBe(501);
    expect(() => breakFee(1000, 10_001)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 10_000 }), (remaining, bp) => {
        const fee = breakFee(remaining, bp);
        expect(Number.isInteger(fee)).toBe(true);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(fee).toBeLessThanOrEqual(remaining);
      }),
    );
  });

  it('refunds never exceed what was paid', () => {
    fc.assert(
      fc.property(centsArb, fc.integer({ min: -5, max: 40 }), (amountPaid, offset) => {
        const periodStart = d('2025-09-15');
        const periodEnd = d('2025-10-15');
        const cancelledOn = addDays(periodStart, offset);
        const refund = unusedDaysRefund({ amountPaid, periodStart, periodEnd, cancelledOn });
        expect(refund).toBeGreaterThanOrEqual(0);
        expect(refund).toBeLessThanOrEqual(amountPaid);
      }),
    );
    expect(
      unusedDaysRefund({
        amountPaid: 3000,
        periodStart: d('2025-09-15'),
        periodEnd: d('2025-10-15'),
        cancelledOn: d('2025-09-15'),
      }),
    ).toBe(3000);
  });

  it('allows an undo until the end only when no money moved on cancelling', () => {
    const endsOn = d('2025-10-13');
    expect(undoableUntil({ kind: 'flexi', endsOn })).toBe(endsOn);
    expect(undoableUntil({ kind: 'cooling_off', endsOn, refund: 0 })).toBeNull();
    expect(undoableUntil({ kind: 'break_fee', endsOn, remainingTermValue: 0, breakFee: 0 })).toBe(endsOn);
    fc.assert(
      fc.property(centsArb, (fee) => {
        const until = undoableUntil({ kind: 'break_fee', endsOn, remainingTermValue: fee, breakFee: fee });
        expect(until).toBe(fee > 0 ? null : endsOn);
      }),
    );
  });
});
