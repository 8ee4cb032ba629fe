// The webhook-calls answer, checked on arrival. Mirrors `webhookCallSchema` and `webhookCallsQuery` of
// apps/server/src/features/webhooks/webhook-calls.presenter.ts, so drift shows as 'invalid_response'.
import { z } from 'zod';

export const WEBHOOK_PROVIDERS = ['akahu', 'stripe', 'kisi'] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];

/** The outcomes the server records for a call (the query accepts a few more that are never stored). */
export const WEBHOOK_CALL_STATUSES = ['processed', 'rejected', 'duplicate', 'failed'] as const;
export type WebhookCallStatus = (typeof WEBHOOK_CALL_STATUSES)[number];

export const webhookCallSchema = z.object({
  id: z.number(),
  provider: z.string(),
  event_type: z.string().nullable(),
  external_id: z.string().nullable(),
  signature_valid: z.boolean(),
  status: z.string(),
  /** Why a call was rejected or failed. */
  error: z.string().nullable(),
  /** A remark on a call that was taken ('no matching record', 'already processed', …). */
  note: z.string().nullable(),
  /** As received, without credentials; signatures masked. */
  headers: z.record(z.string(), z.string()),
  payload: z.unknown(),
  received_at: z.string(),
  processed_at: z.string().nullable(),
});

export const pageMetaSchema = z.object({
  current_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});

export const webhookCallsPage = z.object({ data: z.array(webhookCallSchema), meta: pageMetaSchema });

export type WebhookCall = z.infer<typeof webhookCallSchema>;
export type WebhookCallsPage = z.infer<typeof webhookCallsPage>;

export const webhookCallKeys = {
  all: ['webhook-calls'] as const,
  list: (organisationId: number, filters: object) =>
    ['webhook-calls', 'list', organisationId, filters] as const,
};
