// The webhook-calls list (spec section 7, GET /api/webhook-calls): its query, and its rows shaped as
// the answer schema of @gym/domain/api/webhook-calls describes them.
import { WEBHOOK_PROVIDERS, type WebhookCall } from '@gym/domain/api/webhook-calls';
import { z } from 'zod';
import { pageQuery } from '../../http/envelope';

export { webhookCallSchema } from '@gym/domain/api/webhook-calls';

/** The statuses the list can be asked for: the recorded outcomes and a few never stored. */
const QUERY_STATUSES = ['received', 'processed', 'rejected', 'failed', 'duplicate', 'ignored'] as const;

export const webhookCallsQuery = pageQuery.extend({
  provider: z.enum(WEBHOOK_PROVIDERS).optional(),
  status: z.enum(QUERY_STATUSES).optional(),
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
}): WebhookCall {
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
