// What each provider's webhook handler gives the shared pipeline (webhooks.service.ts): how to verify
// a delivery, how to name its event, and what processing it means for our records.
import type { Tx } from '../../db/client';
import type { WebhookProvider } from './webhook-calls.repository';

export interface WebhookDelivery {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  requestId: string;
  /** The sender's address (refused calls are limited per address). */
  ip?: string;
}

export interface VerifiedEvent {
  eventType: string;
  /** The provider's event id: the key a redelivery is recognised by. */
  externalId: string;
  /** What is recorded (the body as JSON). */
  payload: unknown;
  /** The handler's own reading of the event, for `plan`. */
  event?: unknown;
}

interface ApplyContext {
  webhookCallId: number;
  requestId: string;
}

export interface EventPlan {
  /** The organisation the event belongs to, when we know it. */
  organisationId: number | null;
  /** Kept on the processed call ('no matching record', …). */
  note: string | null;
  /** Writes the event's effects in the transaction that records it; may answer a later note. */
  apply?(tx: Tx, context: ApplyContext): Promise<string | null>;
  /**
   * Whose records `apply` changes, when it changes one member's only: the applies of different members
   * that arrive together run side by side in their shared transaction (db/shared-transaction.ts), so such
   * an apply opens no savepoint. Without it, the apply runs alone.
   */
  member?: string;
}

export interface WebhookHandler {
  provider: WebhookProvider;
  /** What a forged or stale delivery is answered with (the provider retries on either). */
  rejectStatus: 400 | 401;
  /** Throws WebhookRejected, or a ProviderError of kind `unavailable` when it cannot tell yet. */
  verify(delivery: WebhookDelivery): Promise<VerifiedEvent>;
  /** Best-effort event type and id of a body that did not verify, for the record only. */
  describe(payload: unknown): { eventType: string | null; externalId: string | null };
  /** Lookups and provider calls made before the transaction. */
  plan(event: VerifiedEvent): Promise<EventPlan>;
}

export type RejectionReason = 'invalid_signature' | 'stale' | 'malformed';

export class WebhookRejected extends Error {
  override name = 'WebhookRejected';
  constructor(
    readonly reason: RejectionReason,
    message: string,
  ) {
    super(message);
  }
}

export { NO_MATCHING_RECORD } from '../billing';
export const NOT_ACTED_ON = 'event type not acted on';

const DROPPED = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key']);
const SIGNATURES = new Set(['x-akahu-signature', 'stripe-signature', 'x-signature']);

/**
 * The headers we keep: credentials dropped, signatures masked (Stripe's `t=` kept, it tells a stale
 * delivery from a fresh one).
 */
export function headersToKeep(headers: WebhookDelivery['headers']): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (value === undefined || DROPPED.has(key)) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    kept[key] = SIGNATURES.has(key) ? maskSignature(text) : text;
  }
  return kept;
}

function maskSignature(text: string): string {
  return text
    .split(',')
    .map((part) => {
      const p = part.trim();
      if (p.startsWith('t=')) return p;
      return /^v\d+=/.test(p) ? `${p.split('=')[0]}=[redacted]` : '[redacted]';
    })
    .join(',');
}
