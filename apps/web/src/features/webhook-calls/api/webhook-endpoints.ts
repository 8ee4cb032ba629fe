// GET /api/webhooks (organisation admins): each provider's endpoint, its registration, last delivery and
// recent failures, checked on arrival with the schema the server answers with; in a sandbox, a test event
// sent by the provider's simulator (POST /api/webhooks/{provider}/test-event).
import {
  type WebhookEndpoint,
  type WebhookProvider,
  webhookEndpointsAnswer,
  webhookTestEventAnswer,
} from '@gym/domain/api/webhook-calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { WebhookEndpoint, WebhookTestEvent } from '@gym/domain/api/webhook-calls';

const endpointsKey = (organisationId: number) => ['webhook-calls', 'endpoints', organisationId];

export const useWebhookEndpoints = (organisationId: number) =>
  useQuery<WebhookEndpoint[]>({
    queryKey: endpointsKey(organisationId),
    queryFn: async ({ signal }) =>
      (await api.get('/api/webhooks', { schema: webhookEndpointsAnswer, signal })).data,
  });

/** Has the provider's simulator send a test event; the card then shows the endpoint as it stands after. */
export function useSendTestEvent(organisationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (provider: WebhookProvider) =>
      (await api.post(`/api/webhooks/${provider}/test-event`, {}, { schema: webhookTestEventAnswer })).data,
    onSuccess: (answer) => {
      queryClient.setQueryData<WebhookEndpoint[]>(endpointsKey(organisationId), (list) =>
        list?.map((endpoint) => (endpoint.provider === answer.provider ? answer.endpoint : endpoint)),
      );
      void queryClient.invalidateQueries({ queryKey: ['webhook-calls'] });
    },
  });
}
