// Term (fixed commitment) lengths of a price: '12 months', and when a term that starts on a date ends.
import { addDays, addMonthsClamped, type CalendarDate } from './calendar-date';

/** Plural, as stored (prices.term_unit). */
export const TERM_UNITS = ['days', 'weeks', 'months', 'years'] as const;
export type TermUnit = (typeof TERM_UNITS)[number];

export const TERM_UNIT_LABELS: Record<TermUnit, string> = {
  days: 'Days',
  weeks: 'Weeks',
  months: 'Months',
  years: 'Years',
};

/** Longest term staff may set, in any unit (10 years of months). */
export const MAX_TERM_AMOUNT = 120;

export interface Term {
  termAmount: number | null | undefined;
  termUnit: TermUnit | null | undefined;
}

export function isTermUnit(value: unknown): value is TermUnit {
  return typeof value === 'string' && (TERM_UNITS as readonly string[]).includes(value);
}

/** A price is a term membership when it has both a positive term amount and a unit. */
export function hasTerm(term: Term): term is { termAmount: number; termUnit: TermUnit } {
  return typeof term.termAmount === 'number' && term.termAmount > 0 && isTermUnit(term.termUnit);
}

/** '12 months', '1 year', '6 weeks'; null without a term. */
export function formatTerm(term: Term): string | null {
  if (!hasTerm(term)) return null;
  const unit = term.termAmount === 1 ? term.termUnit.slice(0, -1) : term.termUnit;
  return `${term.termAmount} ${unit}`;
}

/** The spec's short membership label: term amount, unit and 'initial' ('12 months initial'). */
export function shortTermLabel(term: Term): string | null {
  const text = formatTerm(term);
  return text === null ? null : `${text} initial`;
}

/**
 * The exclusive end of a term starting on `start` (the first day free of the commitment). Months and
 * years are calendar months from the start's day, clamped: a 12-month term from 29 Feb ends 28 Feb.
 */
export function termEndDate(
  start: CalendarDate,
  term: { termAmount: number; termUnit: TermUnit },
): CalendarDate {
  const { termAmount, termUnit } = term;
  switch (termUnit) {
    case 'days':
      return addDays(start, termAmount);
    case 'weeks':
      return addDays(start, termAmount * 7);
    case 'months':
      return addMonthsClamped(start, termAmount);
    case 'years':
      return addMonthsClamped(start, termAmount * 12);
  }
}

/** Days after the start in which a term membership can still be left with a refund (BILLING.md "Cancellation"). */
export const COOLING_OFF_DAYS = 14;

/** The exclusive end of the cooling-off period of a term membership starting on `start`. */
export function coolingOffEndDate(start: CalendarDate): CalendarDate {
  return addDays(start, COOLING_OFF_DAYS);
}

/** A price's (or any row's) term columns as stored, read once: null for a price without a term. */
export function termOf(row: {
  term_amount: number | null | undefined;
  term_unit: string | null | undefined;
}): { termAmount: number; termUnit: TermUnit } | null {
  const term = { termAmount: row.term_amount, termUnit: isTermUnit(row.term_unit) ? row.term_unit : null };
  return hasTerm(term) ? term : null;
}

/** A membership's commitment, as its subscription holds it. */
export interface MembershipTerm {
  isTermMembership?: boolean | null | undefined;
  termEndsAt?: CalendarDate | string | null | undefined;
}

/**
 * Whether `day` (a date, or a period's start) falls inside the membership's term: a term membership
 * whose `term_ends_at` (exclusive) is still to come. The term-membership grace, the break fee and the
 * 'Initial term' label all ask this; after it the membership is flexi.
 */
export function isWithinTerm(sub: MembershipTerm, day: CalendarDate | string): boolean {
  return (
    Boolean(sub.isTermMembership) &&
    sub.termEndsAt !== null &&
    sub.termEndsAt !== undefined &&
    day < sub.termEndsAt
  );
}
