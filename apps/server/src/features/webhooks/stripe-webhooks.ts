// Stripe webhooks (events of gyms' connected accounts, which the endpoint must listen to):
// payment_intent.succeeded / payment_failed move the payment with that PaymentIntent; a dispute opened
// or closed, and a refund made in Stripe's dashboard, move a card payment that succeeded; account.updated
// records whether the gym's account can still charge. Other events are recorded. Stripe signs a
// timestamp, which we check against the application clock as well as the SDK's.
import { isWebhookTimestampStale, stripePaymentOutcome } from '@gym/domain/provider-status';
import type Stripe from 'stripe';
import { headerValue } from '../../adapters/provider-error';
import type { AppDeps } from '../../app-deps';
import {
  applyPaymentOutcome,
  PAYMENT_KEY_METADATA,
  recordCardDisputeClosed,
  recordCardDisputeOpened,
  recordOutsideCardRefund,
} from '../billing';
import { recordStripeAccountStatus } from '../stripe-connect';
import { cardHoldsPaymentMethod, gymOfStripeAccount } from './stripe-webhooks.repository';
import {
  type EventPlan,
  NO_MATCHING_RECORD,
  NOT_ACTED_ON,
  type WebhookHandler,
  WebhookRejected,
} from './webhook-handler';

/** Kept on an event of the platform's own account: not about a gym (see README, "Outside services"). */
const PLATFORM_EVENT = "the platform's own event, not a connected account's";

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function stripeWebhookHandler(deps: AppDeps): WebhookHandler {
  return {
    provider: 'stripe',
    rejectStatus: 400,
    async verify({ headers, rawBody }) {
      const signature = headerValue(headers, 'stripe-signature');
      const event = deps.providers.stripe.verifyWebhook(rawBody, signature);
      const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature ?? '')?.[1]);
      if (
        !Number.isFinite(signedAt) ||
        isWebhookTimestampStale(new Date(signedAt * 1000), deps.clock.now())
      ) {
        throw new WebhookRejected('stale', 'Timestamp outside the tolerance zone');
      }
      return { eventType: event.type, externalId: event.id, payload: event };
    },
    describe: (payload) => {
      const p = (payload ?? {}) as { type?: unknown; id?: unknown };
      return {
        eventType: typeof p.type === 'string' ? p.type : null,
        externalId: typeof p.id === 'string' ? p.id : null,
      };
    },
    async plan(verified) {
      const event = verified.payload as Stripe.Event;
      // The platform's own events carry no `account`: every gym's payment is on its connected account.
      if (!event.account) return { organisationId: null, note: PLATFORM_EVENT };
      const gym = await gymOfStripeAccount(deps.db, event.account);
      if (!gym) return { organisationId: null, note: NO_MATCHING_RECORD };
      const { organisationId } = gym;
      const now = deps.clock.now();
      switch (event.type) {
        case 'charge.dispute.created': {
          const dispute = event.data.object;
          const intent = idOf(dispute.payment_intent);
          if (!intent) return { organisationId, note: NO_MATCHING_RECORD };
          return {
            organisationId,
            note: null,
            apply: (tx, context) =>
              recordCardDisputeOpened(
                tx,
                organisationId,
                {
                  paymentIntentId: intent,
                  disputeId: dispute.id,
                  reason: dispute.reason,
                  amountCents: dispute.amount,
                },
                { ...context, now },
              ),
          };
        }
        case 'charge.dispute.closed': {
          const dispute = event.data.object;
          const intent = idOf(dispute.payment_intent);
          if (!intent) return { organisationId, note: NO_MATCHING_RECORD };
          return {
            organisationId,
            note: null,
            apply: (tx, context) =>
              recordCardDisputeClosed(
                tx,
                organisationId,
                { paymentIntentId: intent, disputeId: dispute.id, status: dispute.status },
                { ...context, now },
              ),
          };
        }
        case 'charge.refunded': {
          const charge = event.data.object;
          const intent = idOf(charge.payment_intent);
          if (!intent) return { organisationId, note: NO_MATCHING_RECORD };
          return {
            organisationId,
            note: null,
            apply: (tx, context) =>
              recordOutsideCardRefund(
                tx,
                organisationId,
                { paymentIntentId: intent, amountRefundedCents: charge.amount_refunded },
                { ...context, now },
              ),
          };
        }
        case 'account.updated': {
          const account = event.data.object;
          return {
            organisationId,
            note: null,
            apply: (tx, context) =>
              recordStripeAccountStatus(tx, organisationId, gym.gymId, {
                accountId: account.id,
                chargesEnabled: account.charges_enabled ?? false,
                disabledReason: account.requirements?.disabled_reason ?? null,
                now,
                webhookCallId: context.webhookCallId,
              }),
          };
        }
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed':
          return planPaymentIntent(deps, organisationId, event);
        case 'setup_intent.succeeded': {
          const paymentMethod = idOf(event.data.object.payment_method);
          const saved =
            paymentMethod && (await cardHoldsPaymentMethod(deps.db, organisationId, paymentMethod));
          return { organisationId, note: saved ? null : NO_MATCHING_RECORD };
        }
        default:
          return { organisationId, note: NOT_ACTED_ON };
      }
    },
  };
}

function planPaymentIntent(
  deps: AppDeps,
  organisationId: number,
  event: Stripe.PaymentIntentSucceededEvent | Stripe.PaymentIntentPaymentFailedEvent,
): EventPlan {
  const intent = event.data.object;
  const error = intent.last_payment_error;
  const outcome = stripePaymentOutcome({
    succeeded: event.type === 'payment_intent.succeeded',
    code: error?.decline_code ?? error?.code,
    message: error?.message,
  });
  const locator = { stripeId: intent.id, idempotencyKey: intent.metadata?.[PAYMENT_KEY_METADATA] };
  return {
    organisationId,
    note: null,
    apply: (tx, context) =>
      applyPaymentOutcome(tx, organisationId, locator, outcome, {
        source: 'stripe_webhook',
        ...context,
        now: deps.clock.now(),
      }),
  };
}
