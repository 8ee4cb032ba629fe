// The webhook-calls list (spec section 7, GET /api/webhook-calls): query and answer schemas.
import { z } from 'zod';
import { pageQuery } from '../../http/envelope';

export const WEBHOOK_PROVIDERS = ['akahu', 'stripe', 'kisi'] as const;
export const WEBHOOK_CALL_STATUSES = [
  'received',
  'processed',
  'rejected',
  'failed',
  'duplicate',
  'ignored',
] as const;

export const webhookCallsQuery = pageQuery.extend({
  provider: z.enum(WEBHOOK_PROVIDERS).optional(),
  status: z.enum(WEBHOOK_CALL_STATUSES).optional(),
});

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

const TAKEN = new Set(['processed', 'duplicate', 'ignored']);

export function presentWebhookCall(row: {
  id: number;
  provider: string;
  eventType: string | null;
  externalId: string | null;
  signatureValid: boolean;
  status: string;
  error: string | null;
  headers: unknown;
  payload: unknown;
  receivedAt: Date;
  processedAt: Date | null;
}): z.infer<typeof webhookCallSchema> {
  const taken = TAKEN.has(row.status);
  return {
    id: row.id,
    provider: row.provider,
    event_type: row.eventType,
    external_id: row.externalId,
    signature_valid: row.signatureValid,
    status: row.status,
    error: taken ? null : row.error,
    note: taken ? row.error : null,
    headers: (row.headers ?? {}) as Record<string, string>,
    payload: row.payload ?? null,
    received_at: row.receivedAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
  };
}
