// The screen's filters as they sit in the address
// (?from=2026-03-01&to=2026-03-28&gym=12&drift=true&status=failed&page=2),
// so back, reload and shared links keep them. Without dates the range is the 14 days either side of the
// app's today (the sandbox clock's, which may have been moved). Unknown values read as no filter.
import { addDays, type CalendarDate, daysBetween, isCalendarDate } from '@gym/domain/calendar-date';
import {
  EXPECTED_PAYMENT_STATUSES,
  EXPECTED_PAYMENTS_MAX_DAYS,
  type ExpectedPaymentStatus,
} from '../api/expected-payment-answers';

/** How far either side of today the range reaches when the address names none. */
const DEFAULT_DAYS_EITHER_SIDE = 14;

export interface ExpectedPaymentFilters {
  from: CalendarDate | null;
  to: CalendarDate | null;
  gymId: number | null;
  driftOnly: boolean;
  status: ExpectedPaymentStatus | null;
  page: number;
}

/** What the list asks the server for: the filters with the range settled. */
export interface ExpectedPaymentsQuery {
  from: CalendarDate;
  to: CalendarDate;
  gymId: number | null;
  driftOnly: boolean;
  status: ExpectedPaymentStatus | null;
  page: number;
}

export type FilterKey = 'from' | 'to' | 'gym' | 'drift' | 'status' | 'page';

const dateOf = (value: string | null): CalendarDate | null =>
  value !== null && isCalendarDate(value) ? value : null;

const oneOf = <T extends string>(choices: readonly T[], value: string | null): T | null =>
  value !== null && (choices as readonly string[]).includes(value) ? (value as T) : null;

const positive = (value: string | null): number | null => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : null;
};

export function filtersFromSearch(params: URLSearchParams): ExpectedPaymentFilters {
  return {
    from: dateOf(params.get('from')),
    to: dateOf(params.get('to')),
    gymId: positive(params.get('gym')),
    driftOnly: params.get('drift') === 'true',
    status: oneOf(EXPECTED_PAYMENT_STATUSES, params.get('status')),
    page: positive(params.get('page')) ?? 1,
  };
}

/** The 14 days before `today` to the 14 after. */
function defaultRange(today: CalendarDate): { from: CalendarDate; to: CalendarDate } {
  return { from: addDays(today, -DEFAULT_DAYS_EITHER_SIDE), to: addDays(today, DEFAULT_DAYS_EITHER_SIDE) };
}

/**
 * The range to ask for: the address's dates, a missing one four weeks from the other, or without either
 * the default around `today`; null while today is not known yet.
 */
export function rangeOf(
  filters: Pick<ExpectedPaymentFilters, 'from' | 'to'>,
  today: CalendarDate | null,
): { from: CalendarDate; to: CalendarDate } | null {
  const span = DEFAULT_DAYS_EITHER_SIDE * 2;
  if (filters.from && filters.to) return { from: filters.from, to: filters.to };
  if (filters.from) return { from: filters.from, to: addDays(filters.from, span) };
  if (filters.to) return { from: addDays(filters.to, -span), to: filters.to };
  return today ? defaultRange(today) : null;
}

export function queryOf(
  filters: ExpectedPaymentFilters,
  today: CalendarDate | null,
): ExpectedPaymentsQuery | null {
  const range = rangeOf(filters, today);
  if (!range) return null;
  return {
    ...range,
    gymId: filters.gymId,
    driftOnly: filters.driftOnly,
    status: filters.status,
    page: filters.page,
  };
}

/**
 * A range the server accepts, keeping the day just chosen: the end no earlier than the start, and at
 * most EXPECTED_PAYMENTS_MAX_DAYS days in all.
 */
export function fitRange(
  from: CalendarDate,
  to: CalendarDate,
  kept: 'from' | 'to',
): { from: CalendarDate; to: CalendarDate } {
  const longest = EXPECTED_PAYMENTS_MAX_DAYS - 1;
  if (kept === 'from') {
    if (to < from) return { from, to: from };
    return daysBetween(from, to) > longest ? { from, to: addDays(from, longest) } : { from, to };
  }
  if (to < from) return { from: to, to };
  return daysBetween(from, to) > longest ? { from: addDays(to, -longest), to } : { from, to };
}

/** The address with some filters set (or cleared by ''); any change but the page starts again at page 1. */
export function withFilters(
  params: URLSearchParams,
  changes: Partial<Record<FilterKey, string>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value && !(key === 'page' && value === '1')) next.set(key, value);
    else next.delete(key);
  }
  if (Object.keys(changes).some((key) => key !== 'page')) next.delete('page');
  return next;
}

export const isFiltered = (filters: ExpectedPaymentFilters) =>
  filters.gymId !== null || filters.driftOnly || filters.status !== null;
