// The member activity charts' weeks (Monday to Sunday, Auckland dates) and what a member paid for each:
// a paid period's amount is spread over its days, so a month paid on the 3rd counts a little in each of
// the weeks it covers. Pure, so its sums are tested without a database.
import {
  addDays,
  type CalendarDate,
  dayOfWeek,
  daysBetween,
  maxDate,
  minDate,
  toCalendarDate,
} from '@gym/domain/calendar-date';
import { mulDivRoundHalfUp } from '@gym/domain/money';

/** The Mondays of the last `weeks` weeks, oldest first, this week last. */
export function weekStarts(today: CalendarDate, weeks: number): CalendarDate[] {
  const thisWeek = addDays(today, 1 - dayOfWeek(today));
  return Array.from({ length: weeks }, (_, i) => addDays(thisWeek, -7 * (weeks - 1 - i)));
}

/** Visits per week, for the weeks given (visits outside them are ignored). */
export function visitsPerWeek(starts: readonly CalendarDate[], visits: readonly Date[]): number[] {
  const counts = starts.map(() => 0);
  const first = starts[0];
  if (first === undefined) return counts;
  for (const visit of visits) {
    const index = Math.floor(daysBetween(first, toCalendarDate(visit)) / 7);
    if (index >= 0 && index < counts.length) counts[index]! += 1;
  }
  return counts;
}

export interface PaidPeriod {
  periodStart: CalendarDate;
  /** Exclusive; null for a one-off charge, counted whole in the week of its start. */
  periodEnd: CalendarDate | null;
  /** Cents paid for the period (surcharge included). */
  paid: number;
}

/**
 * Cents paid for each week: each period's amount × (its days inside the week ÷ its days). Each share is
 * rounded once, so a week's figure may differ from an exact split by a cent per period.
 */
export function paidPerWeek(starts: readonly CalendarDate[], periods: readonly PaidPeriod[]): number[] {
  return starts.map((weekStart) => {
    const weekEnd = addDays(weekStart, 7);
    let total = 0;
    for (const p of periods) {
      if (p.periodEnd === null || p.periodEnd <= p.periodStart) {
        if (p.periodStart >= weekStart && p.periodStart < weekEnd) total += p.paid;
        continue;
      }
      const overlap = daysBetween(maxDate(weekStart, p.periodStart), minDate(weekEnd, p.periodEnd));
      if (overlap > 0) total += mulDivRoundHalfUp(p.paid, overlap, daysBetween(p.periodStart, p.periodEnd));
    }
    return total;
  });
}

/** What each visit of the week cost; null in a week without visits. */
export const costPerVisit = (paid: number, visits: number) =>
  visits > 0 ? mulDivRoundHalfUp(paid, 1, visits) : null;
