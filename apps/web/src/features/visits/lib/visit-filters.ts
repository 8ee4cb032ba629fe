// The visits screen's filters as they sit in the address (?gym=2&result=refused&from=…&to=…&member=7&page=2).
import { type CalendarDate, isCalendarDate } from '@gym/domain/calendar-date';

export interface VisitFilterState {
  gymId: number | null;
  result: 'allowed' | 'refused' | null;
  from: CalendarDate | null;
  to: CalendarDate | null;
  memberId: number | null;
  page: number;
}
export type VisitFilterKey = 'gym' | 'result' | 'from' | 'to' | 'member' | 'page';

const positive = (value: string | null): number | null => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : null;
};
const dateOf = (value: string | null) => (value !== null && isCalendarDate(value) ? value : null);

export function filtersFromSearch(params: URLSearchParams): VisitFilterState {
  const result = params.get('result');
  return {
    gymId: positive(params.get('gym')),
    result: result === 'allowed' || result === 'refused' ? result : null,
    from: dateOf(params.get('from')),
    to: dateOf(params.get('to')),
    memberId: positive(params.get('member')),
    page: positive(params.get('page')) ?? 1,
  };
}

export function apiFilters(f: VisitFilterState) {
  return {
    gym_id: f.gymId ?? undefined,
    successful: f.result === null ? undefined : f.result === 'allowed',
    from: f.from ?? undefined,
    to: f.to && (!f.from || f.to >= f.from) ? f.to : undefined,
    user_id: f.memberId ?? undefined,
  };
}

export function withFilters(params: URLSearchParams, changes: Partial<Record<VisitFilterKey, string>>) {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value && !(key === 'page' && value === '1')) next.set(key, value);
    else next.delete(key);
  }
  if (Object.keys(changes).some((key) => key !== 'page')) next.delete('page');
  return next;
}

export const isFiltered = (f: VisitFilterState) =>
  [f.gymId, f.result, f.from, f.to, f.memberId].some((v) => v !== null);
