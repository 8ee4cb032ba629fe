// GET /api/organisations/{id}/akahu-webhooks: the Akahu calls received for the organisation, newest
// first, a page at a time, optionally of one status.
import {
  AKAHU_WEBHOOK_STATUSES,
  type AkahuWebhookStatus,
  akahuWebhookPage,
} from '@gym/domain/api/organisations';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organisationKeys } from './organisation-answers';

const WEBHOOKS_PER_PAGE = 10;
export const WEBHOOK_STATUSES = AKAHU_WEBHOOK_STATUSES;
export type WebhookStatus = AkahuWebhookStatus;

export interface WebhookFilters {
  page: number;
  status: WebhookStatus | null;
}

const listAkahuWebhooks = (organisationId: number, filters: WebhookFilters, signal?: AbortSignal) =>
  api.get(`/api/organisations/${organisationId}/akahu-webhooks`, {
    query: { page: filters.page, per_page: WEBHOOKS_PER_PAGE, status: filters.status },
    schema: akahuWebhookPage,
    signal,
  });

export const useAkahuWebhooks = (organisationId: number, filters: WebhookFilters) =>
  useQuery({
    queryKey: organisationKeys.webhooks(organisationId, filters),
    queryFn: ({ signal }) => listAkahuWebhooks(organisationId, filters, signal),
    placeholderData: keepPreviousData,
  });
