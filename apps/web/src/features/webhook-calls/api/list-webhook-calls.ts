// GET /api/webhook-calls: the current organisation's webhook calls, newest first, a page at a time,
// optionally of one provider and one status (organisation admins only).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { WebhookCallFilters } from '../lib/webhook-call-filters';
import { webhookCallKeys, webhookCallsPage } from './webhook-call-answers';

const WEBHOOK_CALLS_PER_PAGE = 25;

const listWebhookCalls = (filters: WebhookCallFilters, signal?: AbortSignal) =>
  api.get('/api/webhook-calls', {
    query: {
      page: filters.page,
      per_page: WEBHOOK_CALLS_PER_PAGE,
      provider: filters.provider,
      status: filters.status,
    },
    schema: webhookCallsPage,
    signal,
  });

/** Keyed by organisation: the server answers for the session's current one. */
export const useWebhookCalls = (organisationId: number, filters: WebhookCallFilters) =>
  useQuery({
    queryKey: webhookCallKeys.list(organisationId, filters),
    queryFn: ({ signal }) => listWebhookCalls(filters, signal),
    // The table keeps the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
