// Leaving a term membership early: cooling-off refund or break fee (BILLING.md "Cancellation").
import { periodsBetween, type RecurringFrequency } from './billing-frequency';
import { type CalendarDate, daysBetween, maxDate } from './calendar-date';
import { assertCents, type BasisPoints, type Cents, mulDivRoundHalfUp, percentOf } from './money';
import { isWithinTerm } from './term';

/** Inside cooling-off while today is before cooling_period_ends_at. */
export function isWithinCoolingOff(
  today: CalendarDate,
  coolingPeriodEndsAt: CalendarDate | null | undefined,
): boolean {
  return coolingPeriodEndsAt !== null && coolingPeriodEndsAt !== undefined && today < coolingPeriodEndsAt;
}

export interface RemainingTermInput {
  /** Cents per period. */
  amount: Cents;
  frequency: RecurringFrequency;
  anchorDay: number;
  /** The first charge not yet due: the end of the current paid period. */
  nextChargeDate: CalendarDate;
  /** Exclusive end of the term. */
  termEndsAt: CalendarDate;
}

/** The amount of every charge that would still fall due before the term ends. */
export function remainingTermValue(input: RemainingTermInput): Cents {
  assertCents(input.amount);
  if (input.nextChargeDate >= input.termEndsAt) return 0;
  return (
    input.amount * periodsBetween(input.nextChargeDate, input.termEndsAt, input.frequency, input.anchorDay)
  );
}

/** break_fee_percentage (basis points, 2500 = 25 %) of the remaining term value, rounded half up. */
export function breakFee(remainingValue: Cents, breakFeeBasisPoints: BasisPoints): Cents {
  assertCents(remainingValue);
  if (!Number.isInteger(breakFeeBasisPoints) || breakFeeBasisPoints < 0 || breakFeeBasisPoints > 10_000) {
    throw new RangeError(`Bad break fee rate ${breakFeeBasisPoints}`);
  }
  return percentOf(remainingValue, breakFeeBasisPoints);
}

/** Refund of the paid days from `cancelledOn` (it ends at once, so that day is unused) to the period end. */
export function unusedDaysRefund(input: {
  amountPaid: Cents;
  periodStart: CalendarDate;
  periodEnd: CalendarDate;
  cancelledOn: CalendarDate;
}): Cents {
  const periodDays = daysBetween(input.periodStart, input.periodEnd);
  if (periodDays <= 0) throw new RangeError('The paid period is empty');
  const from = maxDate(input.cancelledOn, input.periodStart);
  const unused = Math.max(0, daysBetween(from, input.periodEnd));
  return mulDivRoundHalfUp(input.amountPaid, unused, periodDays);
}

export type TermCancellation =
  | { kind: 'cooling_off'; endsOn: CalendarDate; refund: Cents }
  | { kind: 'break_fee'; endsOn: CalendarDate; remainingTermValue: Cents; breakFee: Cents }
  | { kind: 'flexi'; endsOn: CalendarDate };

export interface TermCancellationInput extends Omit<RemainingTermInput, 'nextChargeDate'> {
  today: CalendarDate;
  currentPeriodStart: CalendarDate;
  currentPeriodEnd: CalendarDate;
  /** What the member paid for the current period (for a cooling-off refund). */
  amountPaidForPeriod: Cents;
  coolingPeriodEndsAt: CalendarDate | null;
  breakFeeBasisPoints: BasisPoints;
}

/**
 * Inside cooling-off: ends today, unused days refunded, no break fee. Before term_ends_at: ends at the
 * end of the paid period with the break fee on the charges still to come. After the term: as flexi.
 */
export function termCancellation(input: TermCancellationInput): TermCancellation {
  const { today, currentPeriodStart, currentPeriodEnd, termEndsAt } = input;
  if (isWithinCoolingOff(today, input.coolingPeriodEndsAt)) {
    const refund = unusedDaysRefund({
      amountPaid: input.amountPaidForPeriod,
      periodStart: currentPeriodStart,
      periodEnd: currentPeriodEnd,
      cancelledOn: today,
    });
    return { kind: 'cooling_off', endsOn: today, refund };
  }
  if (isWithinTerm({ isTermMembership: true, termEndsAt }, today)) {
    const remaining = remainingTermValue({ ...input, nextChargeDate: currentPeriodEnd });
    return {
      kind: 'break_fee',
      endsOn: currentPeriodEnd,
      remainingTermValue: remaining,
      breakFee: breakFee(remaining, input.breakFeeBasisPoints),
    };
  }
  return { kind: 'flexi', endsOn: currentPeriodEnd };
}

/**
 * Until when staff may undo the cancellation (the start of the day it ends), or null when it cannot be
 * undone because money moved at once: a cooling-off refund, or a break fee charged on cancelling (undoing
 * would leave the member having paid to leave a membership they keep).
 */
export function undoableUntil(cancellation: TermCancellation): CalendarDate | null {
  if (cancellation.kind === 'cooling_off') return null;
  if (cancellation.kind === 'break_fee' && cancellation.breakFee > 0) return null;
  return cancellation.endsOn;
}
