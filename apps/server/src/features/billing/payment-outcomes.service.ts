// How a provider's report about a payment attempt reaches our books: the attempt's row, then its charge
// (paid, or failed for the first time) and the subscription's arrears and grace (BILLING.md "Failure,
// grace and arrears"). Webhooks, the billing run's own calls and the poller of pending bank payments all
// come through `applyPaymentOutcome`, so one set of rules moves the money whoever heard the answer.
import {
  type AkahuPaymentReport,
  type ProviderPaymentOutcome,
  paymentTransition,
} from '@gym/domain/provider-status';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { akahuClientFor } from './akahu-client';
import { settleCharge } from './charge-settlement';
import { AWAITING_FIRST_PAYMENT } from './membership-states';
import {
  gymAkahuApp,
  liveAkahuConnection,
  lockPayment,
  logProviderActivity,
  type PaymentLocator,
  type PaymentOwner,
  setPaymentStatus,
} from './payment-outcomes.repository';
import { transition } from './transitions';
/** Kept on a webhook call whose payment we do not hold. */
export const NO_MATCHING_RECORD = 'no matching record';

export interface PaymentReportSource {
  source:
    | 'akahu_webhook'
    | 'stripe_webhook'
    | 'akahu_poll'
    | 'billing_run'
    | 'reconciliation'
    | 'member_confirm';
  webhookCallId?: number | undefined;
  requestId?: string | undefined;
  now: Date;
}

/**
 * Applies the report to the payment it is about, in the caller's transaction, with an activity-log
 * entry. Answers why nothing changed ('no matching record', 'payment already sent', …) or null.
 */
export async function applyPaymentOutcome(
  tx: Executor,
  organisationId: number,
  locator: PaymentLocator,
  outcome: ProviderPaymentOutcome,
  context: PaymentReportSource,
): Promise<string | null> {
  const payment = await lockPayment(tx, organisationId, locator);
  if (!payment) return NO_MATCHING_RECORD;
  const step = paymentTransition(payment.status, outcome);
  if (!step.change) return step.reason;
  const stripeId = 'stripeId' in locator && !payment.stripeId ? locator.stripeId : undefined;
  await setPaymentStatus(tx, organisationId, payment.id, { ...step, stripeId, now: context.now });
  const succeeded = step.status === 'sent';
  // The attempt the member's confirm made (BILLING.md "A first payment declined at confirmation is not
  // a debt"): its failure dates no charge, starts no grace, and the membership waits for a payment.
  const atConfirmation = typeof (payment.meta as Record<string, unknown> | null)?.confirm_key === 'string';
  if (payment.chargeId !== null)
    await settleCharge(tx, {
      organisationId,
      chargeId: payment.chargeId,
      succeeded,
      countsAsFailure: !atConfirmation,
      now: context.now,
    });
  const data = {
    source: context.source,
    from_status: payment.status,
    status: step.status,
    error_status: step.errorStatus,
    error_description: step.errorDescription,
    ...(outcome.status === 'failed' ? { failure_kind: outcome.failureKind } : {}),
    ...(context.webhookCallId ? { webhook_call_id: context.webhookCallId } : {}),
  };
  if (payment.subscriptionId === null) {
    // A payment of no membership (none the engine makes): its answer is logged, nothing else moves.
    await logProviderActivity(tx, organisationId, {
      createdAt: context.now,
      userId: payment.userId,
      subjectType: 'payment',
      subjectId: payment.id,
      action: succeeded ? 'payment.sent' : 'payment.failed',
      data,
      requestId: context.requestId ?? null,
    });
    return null;
  }
  // The receipt or failure mail is queued with the answer it is about (after the charge is settled, so
  // it quotes the grace the failure started).
  await transition(tx, {
    kind: atConfirmation
      ? succeeded
        ? 'first_payment_settled'
        : 'first_payment_failed'
      : succeeded
        ? 'charge_settled'
        : 'charge_failed',
    organisationId,
    subscriptionId: payment.subscriptionId,
    userId: payment.userId,
    now: context.now,
    requestId: context.requestId ?? null,
    payment: { id: payment.id, status: step.status },
    data,
    ...(atConfirmation ? { set: { upcomingState: succeeded ? null : AWAITING_FIRST_PAYMENT } } : {}),
    ...(atConfirmation && !succeeded ? { answeredAfterConfirm: context.source !== 'member_confirm' } : {}),
  });
  return null;
}

/**
 * Asks Akahu where a bank payment is, with the member's token and the gym's Akahu app (or the
 * platform's). Null when the member has no live connection to ask with. Throws ProviderError.
 */
export async function fetchAkahuPaymentReport(
  deps: Pick<AppDeps, 'db' | 'secrets' | 'providers'>,
  payment: Omit<PaymentOwner, 'id'> & { akahuId: string },
): Promise<AkahuPaymentReport | null> {
  const connection = await liveAkahuConnection(deps.db, payment.organisationId, payment.userId);
  if (!connection) return null;
  const app = await gymAkahuApp(deps.db, payment.organisationId, payment.gymId);
  const akahu = akahuClientFor(deps, {
    akahu_app_token: app?.appToken ?? null,
    akahu_app_secret: app?.sealedSecret ?? null,
  });
  const found = await akahu.getPayment(deps.secrets.open(connection.sealedToken), payment.akahuId);
  return { status: found.status, statusCode: found.statusCode, statusText: found.statusText };
}
