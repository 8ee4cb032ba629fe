// How long a member keeps access after a failed payment (BILLING.md "Failure, grace and arrears").
import { addDays, addMonthsClamped, type CalendarDate } from './calendar-date';

export const GRACE_PERIOD_UNITS = ['days', 'weeks', 'months'] as const;
export type GracePeriodUnit = (typeof GRACE_PERIOD_UNITS)[number];

export const GRACE_PERIOD_UNIT_LABELS: Record<GracePeriodUnit, string> = {
  days: 'Days',
  weeks: 'Weeks',
  months: 'Months',
};

export interface GracePeriod {
  period: number;
  unit: GracePeriodUnit;
}

export interface OrganisationGraceSettings {
  failedPaymentGracePeriod: number;
  failedPaymentGracePeriodUnit: GracePeriodUnit;
  termMembershipGracePeriod: number;
  termMembershipGracePeriodUnit: GracePeriodUnit;
}

/** Term memberships use the term-membership grace period; everyone else the failed-payment one. */
export function gracePeriodFor(org: OrganisationGraceSettings, isTermMembership: boolean): GracePeriod {
  return isTermMembership
    ? { period: org.termMembershipGracePeriod, unit: org.termMembershipGracePeriodUnit }
    : { period: org.failedPaymentGracePeriod, unit: org.failedPaymentGracePeriodUnit };
}

/**
 * grace_period_ends_at: the first failure's date plus the grace period, in calendar days or months
 * (months clamp: 31 Jan + 1 month = 28/29 Feb). On that date, if still unpaid, the membership cancels.
 */
export function graceEndDate(failedOn: CalendarDate, grace: GracePeriod): CalendarDate {
  if (!Number.isInteger(grace.period) || grace.period < 0)
    throw new RangeError(`Bad grace period ${grace.period}`);
  switch (grace.unit) {
    case 'days':
      return addDays(failedOn, grace.period);
    case 'weeks':
      return addDays(failedOn, grace.period * 7);
    case 'months':
      return addMonthsClamped(failedOn, grace.period);
  }
}

/** Grace has run out: the daily run cancels the subscription today, before today's charges. */
export function hasGraceEnded(graceEndsAt: CalendarDate, today: CalendarDate): boolean {
  return today >= graceEndsAt;
}
