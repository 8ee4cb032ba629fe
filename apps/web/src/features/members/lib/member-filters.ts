// The members list's filters as they sit in the address
// (?search=mere&state=paused&gym=2&offering=3&price=4&tag=vip&owing=true&inactive=30&from=2026-01-01&to=2026-03-31&sort=last_visit&direction=desc&page=2),
// so back, reload and shared links keep them. Unknown values read as no filter.
import { type CalendarDate, isCalendarDate } from '@gym/domain/calendar-date';
import { MEMBER_SORTS, MEMBER_STATES, type MemberSort, type MemberStateFilter } from '../api/member-answers';

export interface MemberFilterState {
  search: string;
  state: MemberStateFilter | null;
  gymId: number | null;
  offeringId: number | null;
  priceId: number | null;
  tag: string;
  owing: boolean;
  cancelledOnline: boolean;
  inactiveDays: number | null;
  joinedFrom: CalendarDate | null;
  joinedTo: CalendarDate | null;
  sort: MemberSort;
  direction: 'asc' | 'desc';
  page: number;
}

export type FilterKey =
  | 'search'
  | 'state'
  | 'gym'
  | 'offering'
  | 'price'
  | 'tag'
  | 'owing'
  | 'online'
  | 'inactive'
  | 'from'
  | 'to'
  | 'sort'
  | 'direction'
  | 'page';

const oneOf = <T extends string>(choices: readonly T[], value: string | null): T | null =>
  value !== null && (choices as readonly string[]).includes(value) ? (value as T) : null;
const positive = (value: string | null, max = Number.MAX_SAFE_INTEGER): number | null => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 && n <= max ? n : null;
};
const dateOf = (value: string | null) => (value !== null && isCalendarDate(value) ? value : null);

export function filtersFromSearch(params: URLSearchParams): MemberFilterState {
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    state: oneOf(MEMBER_STATES, params.get('state')),
    gymId: positive(params.get('gym')),
    offeringId: positive(params.get('offering')),
    priceId: positive(params.get('price')),
    tag: (params.get('tag') ?? '').slice(0, 50),
    owing: params.get('owing') === 'true',
    cancelledOnline: params.get('online') === 'cancelled',
    inactiveDays: positive(params.get('inactive'), 3650),
    joinedFrom: dateOf(params.get('from')),
    joinedTo: dateOf(params.get('to')),
    sort: oneOf(MEMBER_SORTS, params.get('sort')) ?? 'name',
    direction: params.get('direction') === 'desc' ? 'desc' : 'asc',
    page: positive(params.get('page')) ?? 1,
  };
}

/** The filters as the API names them (without the page): for the list and the export alike. */
export function apiFilters(f: MemberFilterState) {
  return {
    search: f.search.trim() || undefined,
    state: f.state ?? undefined,
    gym_id: f.gymId ?? undefined,
    offering_id: f.offeringId ?? undefined,
    price_id: f.priceId ?? undefined,
    tag: f.tag.trim() || undefined,
    owing: f.owing ? ('true' as const) : undefined,
    cancelled_online: f.cancelledOnline ? ('true' as const) : undefined,
    inactive_days: f.inactiveDays ?? undefined,
    joined_from: f.joinedFrom ?? undefined,
    joined_to: f.joinedTo && (!f.joinedFrom || f.joinedTo >= f.joinedFrom) ? f.joinedTo : undefined,
    sort: f.sort,
    direction: f.direction,
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
  if (Object.keys(changes).some((key) => key !== 'page')) next.delete('page');
  return next;
}

export const isFiltered = (f: MemberFilterState) =>
  Boolean(f.search.trim() || f.tag.trim() || f.owing || f.cancelledOnline) ||
  [f.state, f.gymId, f.offeringId, f.priceId, f.inactiveDays, f.joinedFrom, f.joinedTo].some(
    (v) => v !== null,
  );
