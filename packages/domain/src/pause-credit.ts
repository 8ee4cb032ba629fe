// What a pause does to billing (BILLING.md "Pauses").
import {
  addDays,
  type CalendarDate,
  calendarDateParts,
  daysBetween,
  maxDate,
  minDate,
} from './calendar-date';

export interface PauseInput {
  /** The last period paid for when the pause begins: [start, end). */
  paidPeriodStart: CalendarDate;
  paidPeriodEnd: CalendarDate;
  /** First day paused. */
  pauseStart: CalendarDate;
  /** First day back (exclusive). */
  pauseEnd: CalendarDate;
}

export interface PauseOutcome {
  /** Paid days the pause covers, credited in whole days (pause_days_credit). */
  creditDays: number;
  /** The next charge: the later of the pause end and the usual date, plus the credit. */
  nextChargeDate: CalendarDate;
  /** The next charge's day of month becomes the subscription's anchor. */
  newAnchorDay: number;
}

/**
 * Example (BILLING.md): weekly, paid Mon 1 to Mon 8, paused Thu 4 to Thu 18: credit 4 days (Thu 4 to
 * Sun 7), nothing on Mon 8 or Mon 15, next charge Thu 18 + 4 = Mon 22.
 */
export function pauseOutcome(input: PauseInput): PauseOutcome {
  const { paidPeriodStart, paidPeriodEnd, pauseStart, pauseEnd } = input;
  if (paidPeriodEnd <= paidPeriodStart) throw new RangeError('The paid period is empty');
  if (pauseEnd <= pauseStart) throw new RangeError('A pause ends after it starts');
  // A pause that starts after the paid period ends leaves that charge outside it: the caller must bill
  // that period first and pass the period paid at the pause's start.
  if (pauseStart > paidPeriodEnd)
    throw new RangeError('The pause starts after the paid period; bill it first');
  const overlapStart = maxDate(pauseStart, paidPeriodStart);
  const overlapEnd = minDate(pauseEnd, paidPeriodEnd);
  const creditDays = Math.max(0, daysBetween(overlapStart, overlapEnd));
  const nextChargeDate = addDays(maxDate(pauseEnd, paidPeriodEnd), creditDays);
  return { creditDays, nextChargeDate, newAnchorDay: calendarDateParts(nextChargeDate).day };
}

/** pause_days_remaining: days left until the member is back (all of them before the pause starts). */
export function pauseDaysRemaining(
  pause: { pauseStart: CalendarDate; pauseEnd: CalendarDate },
  today: CalendarDate,
) {
  return Math.max(0, daysBetween(maxDate(today, pause.pauseStart), pause.pauseEnd));
}

/** No charge falls due inside a pause. */
export function isInsidePause(
  date: CalendarDate,
  pause: { pauseStart: CalendarDate; pauseEnd: CalendarDate },
) {
  return pause.pauseStart <= date && date < pause.pauseEnd;
}
