// The at-risk screen's filters as they sit in the address (?gym=2&page=2).
export interface AtRiskFilterState {
  gymId: number | null;
  page: number;
}

const positive = (value: string | null): number | null => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : null;
};

export const filtersFromSearch = (params: URLSearchParams): AtRiskFilterState => ({
  gymId: positive(params.get('gym')),
  page: positive(params.get('page')) ?? 1,
});

/** The address after a change: a new gym starts again at page 1. */
export function withFilters(params: URLSearchParams, changes: { gym?: string; page?: string }) {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value && !(key === 'page' && value === '1')) next.set(key, value);
    else next.delete(key);
  }
  if ('gym' in changes) next.delete('page');
  return next;
}
