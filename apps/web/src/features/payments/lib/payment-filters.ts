// The payments screen's filters as they sit in the address
// (?status=failed&from=2026-03-01&to=2026-03-31&gym=2&type=stripe_card&retry=true&pro_rata=false&member=7&page=2&payment=41),
// so back, reload and shared links keep them. Unknown values read as no filter.
import { type CalendarDate, isCalendarDate } from '@gym/domain/calendar-date';
import {
  PAYMENT_STATUS_GROUPS,
  PAYMENT_TYPES,
  type PaymentStatusGroup,
  type PaymentType,
} from '../api/payment-answers';

export interface PaymentFilterState {
  status: PaymentStatusGroup | null;
  from: CalendarDate | null;
  to: CalendarDate | null;
  gymId: number | null;
  type: PaymentType | null;
  retry: boolean | null;
  proRata: boolean | null;
  memberId: number | null;
  page: number;
  /** The payment open in the drawer. */
  paymentId: number | null;
}

export type FilterKey =
  | 'status'
  | 'from'
  | 'to'
  | 'gym'
  | 'type'
  | 'retry'
  | 'pro_rata'
  | 'member'
  | 'page'
  | 'payment';

const oneOf = <T extends string>(choices: readonly T[], value: string | null): T | null =>
  value !== null && (choices as readonly string[]).includes(value) ? (value as T) : null;
const positive = (value: string | null): number | null => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : null;
};
const yesNo = (value: string | null) => (value === 'true' ? true : value === 'false' ? false : null);
const dateOf = (value: string | null) => (value !== null && isCalendarDate(value) ? value : null);

export function filtersFromSearch(params: URLSearchParams): PaymentFilterState {
  return {
    status: oneOf(PAYMENT_STATUS_GROUPS, params.get('status')),
    from: dateOf(params.get('from')),
    to: dateOf(params.get('to')),
    gymId: positive(params.get('gym')),
    type: oneOf(PAYMENT_TYPES, params.get('type')),
    retry: yesNo(params.get('retry')),
    proRata: yesNo(params.get('pro_rata')),
    memberId: positive(params.get('member')),
    page: positive(params.get('page')) ?? 1,
    paymentId: positive(params.get('payment')),
  };
}

/** The filters as the API names them (no page, no open payment): for the list and the export alike. */
export function apiFilters(f: PaymentFilterState) {
  return {
    status: f.status ?? undefined,
    from: f.from ?? undefined,
    to: f.to && (!f.from || f.to >= f.from) ? f.to : undefined,
    gym_id: f.gymId ?? undefined,
    type: f.type ?? undefined,
    is_retry: f.retry === null ? undefined : f.retry,
    is_pro_rata: f.proRata === null ? undefined : f.proRata,
    user_id: f.memberId ?? undefined,
  };
}

/** The address with some filters set (or cleared by ''); a change to a filter starts again at page 1. */
export function withFilters(
  params: URLSearchParams,
  changes: Partial<Record<FilterKey, string>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value && !(key === 'page' && value === '1')) next.set(key, value);
    else next.delete(key);
  }
  if (Object.keys(changes).some((key) => key !== 'page' && key !== 'payment')) next.delete('page');
  return next;
}

export const isFiltered = (f: PaymentFilterState) =>
  [f.status, f.from, f.to, f.gymId, f.type, f.retry, f.proRata, f.memberId].some((v) => v !== null);
