// The list's filters as they sit in the address (?provider=stripe&status=failed&page=2), so back,
// reload and shared links keep them. Unknown values read as no filter rather than a failed call.
import {
  WEBHOOK_CALL_STATUSES,
  WEBHOOK_PROVIDERS,
  type WebhookCallStatus,
  type WebhookProvider,
} from '../api/webhook-call-answers';

export interface WebhookCallFilters {
  page: number;
  provider: WebhookProvider | null;
  status: WebhookCallStatus | null;
}

export type FilterKey = keyof WebhookCallFilters;

const oneOf = <T extends string>(choices: readonly T[], value: string | null): T | null =>
  value !== null && (choices as readonly string[]).includes(value) ? (value as T) : null;

export function filtersFromSearch(params: URLSearchParams): WebhookCallFilters {
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    provider: oneOf(WEBHOOK_PROVIDERS, params.get('provider')),
    status: oneOf(WEBHOOK_CALL_STATUSES, params.get('status')),
  };
}

/** The address query with one filter set (or cleared by ''); any other change starts again at page 1. */
export function withFilter(params: URLSearchParams, key: FilterKey, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value && !(key === 'page' && value === '1')) next.set(key, value);
  else next.delete(key);
  if (key !== 'page') next.delete('page');
  return next;
}

export const isFiltered = (filters: WebhookCallFilters) =>
  filters.provider !== null || filters.status !== null;
