// The first charge when a member starts between billing dates (BILLING.md "First payment and pro-rata").
import { periodStartBefore, type RecurringFrequency } from './billing-frequency';
import { addDays, type CalendarDate, daysBetween } from './calendar-date';
import { formatDate } from './format';
import { assertCents, type Cents, formatMoney, mulDivRoundHalfUp } from './money';

export interface ProRataInput {
  /** The full amount of one period, in cents. */
  amount: Cents;
  frequency: RecurringFrequency;
  /** The member's first day (counted). */
  startDate: CalendarDate;
  /** The billing date: the exclusive end of the period the start falls in. */
  periodEnd: CalendarDate;
  /** The period's first day; defaults to one period before `periodEnd` from `anchorDay`. */
  periodStart?: CalendarDate;
  /** Day of month month-based periods count from; defaults to the day of `periodEnd`. */
  anchorDay?: number;
}

export interface ProRataResult {
  /** What to charge for the days from the start date to the billing date, in cents. */
  amount: Cents;
  remainingDays: number;
  periodDays: number;
  fullAmount: Cents;
  periodStart: CalendarDate;
  periodEnd: CalendarDate;
  /** A line a person can check: '$60.00 × 10 of 30 days (5 Apr 2025 to 15 Apr 2025, …) = $20.00'. */
  explanation: string;
}

/** amount × days ÷ periodDays, rounded once half up to the cent. */
export function proRataAmount(amount: Cents, days: number, periodDays: number): Cents {
  assertCents(amount);
  if (!Number.isInteger(days) || !Number.isInteger(periodDays) || periodDays <= 0 || days < 0) {
    throw new RangeError(`Bad pro-rata days ${days} of ${periodDays}`);
  }
  return mulDivRoundHalfUp(amount, days, periodDays);
}

/**
 * amount × remaining days ÷ days in that period, the start day counted and the billing date not (it
 * begins the next full period). Days are calendar days, so a 23- or 25-hour daylight-saving day counts
 * as one. A start on the period's first day pays the full amount; on the billing date itself, nothing.
 */
export function proRata(input: ProRataInput): ProRataResult {
  const { amount, frequency, startDate, periodEnd } = input;
  assertCents(amount);
  if (amount < 0) throw new RangeError('A price amount cannot be negative');
  const periodStart = input.periodStart ?? periodStartBefore(periodEnd, frequency, input.anchorDay);
  const periodDays = daysBetween(periodStart, periodEnd);
  if (periodDays <= 0) throw new RangeError(`Empty period ${periodStart} to ${periodEnd}`);
  if (startDate < periodStart || startDate > periodEnd) {
    throw new RangeError(`Start date ${startDate} is outside the period ${periodStart} to ${periodEnd}`);
  }
  const remainingDays = daysBetween(startDate, periodEnd);
  const charged = proRataAmount(amount, remainingDays, periodDays);
  const explanation =
    remainingDays === 0
      ? `Starts on the billing date ${formatDate(periodEnd)}: no pro-rata days`
      : // Plain words (issue 26): what is paid, for which days, and when the full price starts.
        `${formatMoney(charged)} for ${remainingDays} of the period's ${periodDays} days (${formatDate(startDate)} to ${formatDate(
          addDays(periodEnd, -1),
        )}); the full ${formatMoney(amount)} from ${formatDate(periodEnd)}`;
  return {
    amount: charged,
    remainingDays,
    periodDays,
    fullAmount: amount,
    periodStart,
    periodEnd,
    explanation,
  };
}
