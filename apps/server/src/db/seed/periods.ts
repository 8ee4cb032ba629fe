// Billing-period steps for the demo data (BILLING.md "Periods"): days for weekly and fortnightly, anchored
// calendar months for the rest.
import { addDays, addMonthsAnchored, type IsoDate } from './calendar';
import type { Frequency } from './catalogue-defs';

const MONTHS: Partial<Record<Frequency, number>> = { monthly: 1, quarterly: 3, twice_yearly: 6, yearly: 12 };
const DAYS: Partial<Record<Frequency, number>> = { weekly: 7, fortnightly: 14 };

/** The start of the period `n` periods after (or, negative, before) `date`. */
export function shiftPeriods(date: IsoDate, frequency: Frequency, n: number, anchorDay: number): IsoDate {
  const days = DAYS[frequency];
  if (days) return addDays(date, days * n);
  const months = MONTHS[frequency];
  if (months) return addMonthsAnchored(date, months * n, anchorDay);
  throw new Error(`no periods for ${frequency}`);
}

/** Roughly how many days a period lasts, to size tenures. */
export function approxPeriodDays(frequency: Frequency): number {
  return DAYS[frequency] ?? (MONTHS[frequency] ?? 1) * 30;
}
