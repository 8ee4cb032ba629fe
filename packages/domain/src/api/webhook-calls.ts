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

/** GET /api/webhooks: each provider's endpoint for this organisation and how its deliveries are going. */
const webhookEndpointSchema = z.object({
  provider: z.enum(WEBHOOK_PROVIDERS),
  /** Where the provider must send its events. */
  endpoint_url: z.string(),
  /** Whether the provider has this endpoint registered; null when it cannot be asked from here. */
  registered: z.boolean().nullable(),
  /** Where the provider sends instead, or why registration cannot be checked. */
  registration_note: z.string().nullable(),
  last_delivery: z
    .object({ received_at: z.string(), status: z.string(), event_type: z.string().nullable() })
    .nullable(),
  /** Rejected or failed calls of the last 7 days, newest first (at most 5), and how many in all. */
  recent_failures: z.array(
    z.object({
      id: z.number(),
      received_at: z.string(),
      status: z.string(),
      event_type: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
  failures_last_7_days: z.number(),
  /** Sandbox only: the simulator can be asked to send this organisation a test event. */
  can_send_test_event: z.boolean(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointsAnswer = z.object({ data: z.array(webhookEndpointSchema) });

/** POST /api/webhooks/{provider}/test-event: what the simulator's delivery of the test event did. */
const webhookTestEventSchema = z.object({
  provider: z.enum(WEBHOOK_PROVIDERS),
  event_type: z.string(),
  /** The simulator's delivery: delivered (this app answered 2xx), pending (retrying), dropped, no_target, failed. */
  delivery_status: z.string(),
  /** This app's HTTP answer to the delivery, when it got one. */
  status_code: z.number().nullable(),
  /** The endpoint as it stands after the delivery. */
  endpoint: webhookEndpointSchema,
});
export type WebhookTestEvent = z.infer<typeof webhookTestEventSchema>;
export const webhookTestEventAnswer = z.object({ data: webhookTestEventSchema });
