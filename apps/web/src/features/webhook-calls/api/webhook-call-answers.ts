// The webhook-calls answer, checked on arrival with the schema the server answers with
// (@gym/domain/api/webhook-calls), and the cache keys of the list.
export {
  WEBHOOK_CALL_STATUSES,
  WEBHOOK_PROVIDERS,
  type WebhookCall,
  type WebhookCallStatus,
  type WebhookCallsPage,
  type WebhookProvider,
  webhookCallsPage,
} from '@gym/domain/api/webhook-calls';

export const webhookCallKeys = {
  all: ['webhook-calls'] as const,
  list: (organisationId: number, filters: object) =>
    ['webhook-calls', 'list', organisationId, filters] as const,
};
