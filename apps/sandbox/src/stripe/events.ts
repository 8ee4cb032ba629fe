// Events: stored (GET /v1/events) and sent to the webhook target, signed as Stripe signs them:
// `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<payload>" with the endpoint secret>`.
import { createHmac } from 'node:crypto';
import { unixSeconds } from '../shared/clock';
import { stripeId } from '../shared/ids';
import type { WebhookDelivery } from '../shared/webhooks';
import { nowUnix, type StripeContext } from './context';
import type { StripeCall } from './route';
import type { StripeEvent } from './types';

export function stripeSignatureHeader(secret: string, payload: string, at: Date): string {
  const t = unixSeconds(at);
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}

export function emitStripeEvent(
  ctx: StripeContext,
  source: { account: string | null; call?: StripeCall | null },
  type: string,
  object: unknown,
  previousAttributes?: Record<string, unknown>,
): StripeEvent {
  return sendStripeEvent(ctx, source, type, object, previousAttributes).event;
}

/**
 * A test event about a connected account, for the product's webhooks screen (the sandbox's own type:
 * Stripe's dashboard sends test events of real types with made-up objects).
 */
export function emitStripeTestEvent(ctx: StripeContext, account: string): WebhookDelivery {
  return sendStripeEvent(
    ctx,
    { account },
    'sandbox.test_event',
    { object: 'test_event', account, message: 'A test event from the Stripe simulator.' },
    undefined,
    true,
  ).delivery;
}

function sendStripeEvent(
  ctx: StripeContext,
  source: { account: string | null; call?: StripeCall | null },
  type: string,
  object: unknown,
  previousAttributes?: Record<string, unknown>,
  simulatorOnly = false,
): { event: StripeEvent; delivery: WebhookDelivery } {
  const event: StripeEvent = {
    id: stripeId('evt'),
    object: 'event',
    ...(source.account ? { account: source.account } : {}),
    api_version: ctx.settings.apiVersion,
    created: nowUnix(ctx),
    data: {
      object: structuredClone(object),
      ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
    },
    livemode: false,
    pending_webhooks: ctx.runtime.webhooks.target('stripe') ? 1 : 0,
    request: { id: source.call?.requestId ?? null, idempotency_key: source.call?.idempotencyKey ?? null },
    type,
  };
  ctx.state.events.push({ account: source.account, value: event });
  const delivery = ctx.runtime.webhooks.enqueue('stripe', type, JSON.stringify(event, null, 2), undefined, {
    simulatorOnly,
  });
  return { event, delivery };
}
