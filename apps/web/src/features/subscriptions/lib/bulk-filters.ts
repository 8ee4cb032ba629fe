// The bulk price change's choices as they sit in the address
// (?price=12&gym=3&offering=4&state=active&search=aroha&new_price=15&date=2026-12-01&term=true&page=2&job=7),
// so reload, back and a shared link keep them. Unknown values read as not chosen.
import { BULK_STATES } from '@gym/domain/api/subscriptions-requests';
import { type CalendarDate, isCalendarDate } from '@gym/domain/calendar-date';

export type BulkState = (typeof BULK_STATES)[number];

export interface BulkFilters {
  priceId: number | null;
  gymId: number | null;
  offeringId: number | null;
  state: BulkState | null;
  search: string;
  newPriceId: number | null;
  takesEffectAt: CalendarDate | null;
  includeTermMembers: boolean;
  page: number;
  jobId: number | null;
}

const positive = (value: string | null): number | null => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : null;
};

export function bulkFiltersFrom(params: URLSearchParams): BulkFilters {
  const state = params.get('state');
  const date = params.get('date');
  return {
    priceId: positive(params.get('price')),
    gymId: positive(params.get('gym')),
    offeringId: positive(params.get('offering')),
    state: state !== null && (BULK_STATES as readonly string[]).includes(state) ? (state as BulkState) : null,
    search: params.get('search') ?? '',
    newPriceId: positive(params.get('new_price')),
    takesEffectAt: date !== null && isCalendarDate(date) ? date : null,
    includeTermMembers: params.get('term') === 'true',
    page: positive(params.get('page')) ?? 1,
    jobId: positive(params.get('job')),
  };
}

export function bulkFiltersTo(filters: BulkFilters): URLSearchParams {
  const params = new URLSearchParams();
  const put = (key: string, value: string | number | null | false) => {
    if (value !== null && value !== false && value !== '') params.set(key, String(value));
  };
  put('price', filters.priceId);
  put('gym', filters.gymId);
  put('offering', filters.offeringId);
  put('state', filters.state);
  put('search', filters.search.trim());
  put('new_price', filters.newPriceId);
  put('date', filters.takesEffectAt);
  put('term', filters.includeTermMembers && 'true');
  if (filters.page > 1) put('page', filters.page);
  put('job', filters.jobId);
  return params;
}

/** The preview's body once the current price, the new price and the date are chosen. */
export function previewBody(filters: BulkFilters) {
  if (filters.priceId === null || filters.newPriceId === null || filters.takesEffectAt === null) return null;
  return {
    price_id: filters.priceId,
    gym_id: filters.gymId,
    offering_id: filters.offeringId,
    state: filters.state,
    search: filters.search.trim() === '' ? null : filters.search.trim(),
    new_price_id: filters.newPriceId,
    takes_effect_at: filters.takesEffectAt,
    include_term_members: filters.includeTermMembers,
  };
}
