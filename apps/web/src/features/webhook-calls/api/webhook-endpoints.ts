// GET /api/webhooks (organisation admins): each provider's endpoint, its registration, last delivery and
// recent failures, checked on arrival with the schema the server answers with.
import { type WebhookEndpoint, webhookEndpointsAnswer } from '@gym/domain/api/webhook-calls';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { WebhookEndpoint } from '@gym/domain/api/webhook-calls';

export const useWebhookEndpoints = (organisationId: number) =>
  useQuery<WebhookEndpoint[]>({
    queryKey: ['webhook-calls', 'endpoints', organisationId],
    queryFn: async ({ signal }) =>
      (await api.get('/api/webhooks', { schema: webhookEndpointsAnswer, signal })).data,
  });
