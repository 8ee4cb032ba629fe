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
import { queuePaymentOutcomeMail } from './billing-mail.service';
import { settleCharge } from './charge-settlement';
import {
  gymAkahuApp,
  liveAkahuConnection,
  lockPayment,
  logProviderActivity,
  type PaymentLocator,
  type PaymentOwner,
  setPaymentStatus,
} from './payment-outcomes.repository';
/** Kept on a webhook call whose payment we do not hold. */
export const NO_MATCHING_RECORD = 'no matching record';

export interface PaymentReportSource {
  source: 'akahu_webhook' | 'stripe_webhook' | 'akahu_poll' | 'billing_run' | 'reconciliation';
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
  if (payment.chargeId !== null)
    await settleCharge(tx, {
      organisationId,
      chargeId: payment.chargeId,
      succeeded: step.status === 'sent',
      now: context.now,
    });
  await logProviderActivity(tx, organisationId, {
    createdAt: context.now,
    userId: payment.userId,
    subjectType: 'payment',
    subjectId: payment.id,
    action: step.status === 'sent' ? 'payment.sent' : 'payment.failed',
    data: {
      source: context.source,
      from_status: payment.status,
      status: step.status,
      error_status: step.errorStatus,
      error_description: step.errorDescription,
      ...(outcome.status === 'failed' ? { failure_kind: outcome.failureKind } : {}),
      ...(context.webhookCallId ? { webhook_call_id: context.webhookCallId } : {}),
    },
    requestId: context.requestId ?? null,
  });
  // The receipt or failure mail, queued with the answer it is about (after the charge is settled, so it
  // quotes the grace the failure started).
  await queuePaymentOutcomeMail(tx, payment.id, step.status, context.now);
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
  const akahu = deps.providers.akahu(
    app ? { appToken: app.appToken, appSecret: deps.secrets.open(app.sealedSecret) } : null,
  );
  const found = await akahu.getPayment(deps.secrets.open(connection.sealedToken), payment.akahuId);
  return { status: found.status, statusCode: found.statusCode, statusText: found.statusText };
}
