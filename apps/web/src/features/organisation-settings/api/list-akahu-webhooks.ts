// GET /api/organisations/{id}/akahu-webhooks: the Akahu calls received for the organisation, newest
// first, a page at a time, optionally of one status.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { akahuWebhookSchema, organisationKeys, pageMetaSchema } from './organisation-answers';

export const WEBHOOKS_PER_PAGE = 10;
export const WEBHOOK_STATUSES = [
  'received',
  'processed',
  'rejected',
  'failed',
  'duplicate',
  'ignored',
] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export interface WebhookFilters {
  page: number;
  status: WebhookStatus | null;
}

const webhookPage = z.object({ data: z.array(akahuWebhookSchema), meta: pageMetaSchema });

export const listAkahuWebhooks = (organisationId: number, filters: WebhookFilters, signal?: AbortSignal) =>
  api.get(`/api/organisations/${organisationId}/akahu-webhooks`, {
    query: { page: filters.page, per_page: WEBHOOKS_PER_PAGE, status: filters.status },
    schema: webhookPage,
    signal,
  });

export const useAkahuWebhooks = (organisationId: number, filters: WebhookFilters) =>
  useQuery({
    queryKey: organisationKeys.webhooks(organisationId, filters),
    queryFn: ({ signal }) => listAkahuWebhooks(organisationId, filters, signal),
    placeholderData: keepPreviousData,
  });
