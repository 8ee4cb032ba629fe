// How often a price bills, and how long one billing period is (BILLING.md "Periods").
import { addDays, addMonthsClamped, type CalendarDate, calendarDateParts } from './calendar-date';

/** Every frequency a price may have, shortest to longest, one_off last (spec section 9). */
export const BILLING_FREQUENCIES = [
  'daily',
  'weekly',
  'fortnightly',
  'monthly',
  'bi_monthly',
  'quarterly',
  'twice_yearly',
  'yearly',
  'one_off',
] as const;

export type BillingFrequency = (typeof BILLING_FREQUENCIES)[number];
export type RecurringFrequency = Exclude<BillingFrequency, 'one_off'>;

/** The frequency lists the spec shows: one_off is not a frequency of renewal, so it is left out. */
export const RECURRING_FREQUENCIES = BILLING_FREQUENCIES.filter(
  (f): f is RecurringFrequency => f !== 'one_off',
);

export const BILLING_FREQUENCY_LABELS: Record<BillingFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  monthly: 'Monthly',
  bi_monthly: 'Every 2 months',
  quarterly: 'Quarterly',
  twice_yearly: 'Every 6 months',
  yearly: 'Yearly',
  one_off: 'One-off',
};

/** Period length: day-based frequencies in calendar days, the rest in calendar months from an anchor. */
export const PERIOD_LENGTH: Record<RecurringFrequency, { days: number } | { months: number }> = {
  daily: { days: 1 },
  weekly: { days: 7 },
  fortnightly: { days: 14 },
  monthly: { months: 1 },
  bi_monthly: { months: 2 },
  quarterly: { months: 3 },
  twice_yearly: { months: 6 },
  yearly: { months: 12 },
};

/** The organisation's price-frequency switches (spec: PUT …/price-frequencies), in display order. */
export const ORGANISATION_FREQUENCY_KEYS = [
  'weekly',
  'fortnightly',
  'monthly',
  'quarterly',
  'six_monthly',
  'yearly',
] as const;

export type OrganisationFrequencyKey = (typeof ORGANISATION_FREQUENCY_KEYS)[number];
export type OrganisationFrequencySettings = Record<OrganisationFrequencyKey, boolean>;

/** The organisation names six months 'six_monthly'; prices name it 'twice_yearly'. */
export const ORGANISATION_FREQUENCY_TO_BILLING: Record<OrganisationFrequencyKey, RecurringFrequency> = {
  weekly: 'weekly',
  fortnightly: 'fortnightly',
  monthly: 'monthly',
  quarterly: 'quarterly',
  six_monthly: 'twice_yearly',
  yearly: 'yearly',
};

export function isBillingFrequency(value: unknown): value is BillingFrequency {
  return typeof value === 'string' && (BILLING_FREQUENCIES as readonly string[]).includes(value);
}

export function isRecurring(frequency: BillingFrequency): frequency is RecurringFrequency {
  return frequency !== 'one_off';
}

export function billingFrequencyLabel(frequency: BillingFrequency): string {
  return BILLING_FREQUENCY_LABELS[frequency];
}

/**
 * Whether staff may create a price at this frequency: one of the six the organisation switches on
 * (spec section 9's organisation-level set). Daily and every-2-months have no switch, so no new price
 * uses them (prices that already do keep working); one_off renews nothing and is always allowed.
 */
export function isFrequencyAllowed(
  frequency: BillingFrequency,
  settings: OrganisationFrequencySettings,
): boolean {
  if (frequency === 'one_off') return true;
  const key = ORGANISATION_FREQUENCY_KEYS.find((k) => ORGANISATION_FREQUENCY_TO_BILLING[k] === frequency);
  return key !== undefined && settings[key];
}

/** The recurring frequencies an organisation offers, shortest first. */
export function allowedFrequencies(settings: OrganisationFrequencySettings): RecurringFrequency[] {
  return RECURRING_FREQUENCIES.filter((f) => isFrequencyAllowed(f, settings));
}

/**
 * The exclusive end of the period starting at `start` (the next period's start). Month-based periods
 * land on `anchorDay` clamped to the month, so an anchor of 31 gives 31 Jan → 28 Feb → 31 Mar.
 * `anchorDay` defaults to the start's day of month.
 */
export function periodEnd(
  start: CalendarDate,
  frequency: RecurringFrequency,
  anchorDay?: number,
): CalendarDate {
  const length = PERIOD_LENGTH[frequency];
  return 'days' in length ? addDays(start, length.days) : addMonthsClamped(start, length.months, anchorDay);
}

/** The start of the period that ends (exclusively) at `end`: periodEnd run backwards. */
export function periodStartBefore(
  end: CalendarDate,
  frequency: RecurringFrequency,
  anchorDay?: number,
): CalendarDate {
  const length = PERIOD_LENGTH[frequency];
  return 'days' in length ? addDays(end, -length.days) : addMonthsClamped(end, -length.months, anchorDay);
}

/**
 * Period starts from `start` (itself a period start) up to but not including `until`: the dates a
 * charge falls due in that span. Stepping always from the anchor (not from the previous clamped date)
 * keeps a 31st anchor from drifting to the 28th.
 */
export function periodStartsBetween(
  start: CalendarDate,
  until: CalendarDate,
  frequency: RecurringFrequency,
  anchorDay?: number,
): CalendarDate[] {
  const anchor = anchorDay ?? calendarDateParts(start).day;
  const starts: CalendarDate[] = [];
  let current = start;
  while (current < until) {
    starts.push(current);
    current = periodEnd(current, frequency, anchor);
  }
  return starts;
}

/** How many charges fall due from `start` up to (not including) `until`. */
export function periodsBetween(
  start: CalendarDate,
  until: CalendarDate,
  frequency: RecurringFrequency,
  anchorDay?: number,
): number {
  return periodStartsBetween(start, until, frequency, anchorDay).length;
}
