// The webhook-calls list answer (spec section 7, GET /api/webhook-calls), shared by the server (which
// sends it) and the page (which checks it on arrival).
import { z } from 'zod';
import { pageEnvelope } from './envelope';

export const WEBHOOK_PROVIDERS = ['akahu', 'stripe', 'kisi'] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];

/** The outcomes the server records for a call (the list's query accepts a few more that are never stored). */
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
  /** A remark on a call that was taken ('no matching record', 'payment already sent', …). */
  note: z.string().nullable(),
  /** As received, without credentials; signatures masked. */
  headers: z.record(z.string(), z.string()),
  payload: z.unknown(),
  received_at: z.string(),
  processed_at: z.string().nullable(),
});
export type WebhookCall = z.infer<typeof webhookCallSchema>;

export const webhookCallsPage = pageEnvelope(webhookCallSchema);
export type WebhookCallsPage = z.infer<typeof webhookCallsPage>;
