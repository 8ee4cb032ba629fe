// Reconciliation (BILLING.md "Payments and attempts"): what a provider's own record of a payment says
// against ours. Drift is written down for staff; only an answer we missed (our attempt still pending,
// the provider's final) is applied, through the same rules as a webhook.
import { type ProviderPaymentOutcome, stripePaymentOutcome } from './provider-status';

export const DRIFT_KINDS = [
  'missing_at_provider',
  'unknown_to_us',
  'status_differs',
  'amount_differs',
  'answered_late',
] as const;
export type DriftKind = (typeof DRIFT_KINDS)[number];

export const DRIFT_LABELS: Record<DriftKind, string> = {
  missing_at_provider: 'We hold a payment the provider has no record of',
  unknown_to_us: 'The provider holds a payment we have no record of',
  status_differs: 'The provider and we disagree on whether it was paid',
  amount_differs: 'The provider took a different amount',
  answered_late: 'The provider answered but we never heard (applied now)',
};

export interface OurPayment {
  /** pending_request, sent, failed, refunded, … */
  status: string;
  /** Amount plus surcharge, in cents. */
  totalCents: number;
}

export interface TheirPayment {
  outcome: ProviderPaymentOutcome;
  amountCents: number;
}

/** The drift between our payment and the provider's record of it (null: they agree, or it is on its way). */
export function paymentDrift(ours: OurPayment, theirs: TheirPayment | null): DriftKind | null {
  if (theirs === null) return 'missing_at_provider';
  if (theirs.amountCents !== ours.totalCents) return 'amount_differs';
  const provider = theirs.outcome.status;
  if (ours.status === 'pending_request') return provider === 'pending_request' ? null : 'answered_late';
  if (ours.status === 'refunded') return provider === 'sent' ? null : 'status_differs';
  if (provider === 'pending_request') return 'status_differs';
  return provider === ours.status ? null : 'status_differs';
}

/** A Stripe PaymentIntent's status as our payment outcome. */
export function stripeIntentOutcome(intent: {
  status: string;
  failureCode: string | null;
  failureMessage: string | null;
}): ProviderPaymentOutcome {
  if (intent.status === 'succeeded') return { status: 'sent' };
  if (intent.status === 'requires_payment_method' || intent.status === 'canceled')
    return stripePaymentOutcome({
      succeeded: false,
      code: intent.failureCode ?? (intent.status === 'canceled' ? 'canceled' : 'card_declined'),
      message: intent.failureMessage,
    });
  return { status: 'pending_request' };
}
