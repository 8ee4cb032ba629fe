// What a provider's report about a payment means for our payment row (BILLING.md "Payments and
// attempts"), and whether a signed webhook is too old to trust. Used by webhooks and the poller alike.
import { type FailureCode, type FailureKind, failureKind, normaliseFailureCode } from './payment-retry';

export type PaymentProvider = 'akahu' | 'stripe';

export type ProviderPaymentOutcome =
  | { status: 'pending_request' }
  | { status: 'sent' }
  | { status: 'failed'; errorStatus: string; errorDescription: string; failureKind: FailureKind };

// Provider codes that name one of our failure codes differently (payment-retry.ts knows the rest).
const PROVIDER_CODES: Record<PaymentProvider, Record<string, FailureCode>> = {
  akahu: {
    UNAVAILABLE: 'PROVIDER_UNAVAILABLE',
    INTERNAL_ERROR: 'PROVIDER_UNAVAILABLE',
    AUTHENTICATION_FAILED: 'CONSENT_REVOKED',
  },
  stripe: {},
};

/**
 * The `error_status` we keep: our failure code when the provider's code is one we know (so the retry
 * rules read it directly), else the provider's own code in upper case (an unknown code is hard).
 */
export function providerErrorStatus(provider: PaymentProvider, code: string): string {
  const upper = code
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  return PROVIDER_CODES[provider][upper] ?? normaliseFailureCode(upper) ?? upper;
}

const failed = (provider: PaymentProvider, code: string, description: string): ProviderPaymentOutcome => {
  const errorStatus = providerErrorStatus(provider, code);
  return {
    status: 'failed',
    errorStatus,
    errorDescription: description,
    failureKind: failureKind(errorStatus),
  };
};

export interface AkahuPaymentReport {
  /** READY, PENDING_APPROVAL, PAUSED, SENT, DECLINED, ERROR, CANCELLED. */
  status: string;
  statusCode?: string | null | undefined;
  statusText?: string | null | undefined;
}

const AKAHU_FAILED = new Set(['DECLINED', 'ERROR', 'CANCELLED']);

/** Akahu: SENT succeeded; DECLINED, ERROR and CANCELLED failed; anything else is still on its way. */
export function akahuPaymentOutcome(report: AkahuPaymentReport): ProviderPaymentOutcome {
  const status = report.status.toUpperCase();
  if (status === 'SENT') return { status: 'sent' };
  if (!AKAHU_FAILED.has(status)) return { status: 'pending_request' };
  const code = report.statusCode?.trim() || status;
  return failed(
    'akahu',
    code,
    report.statusText?.trim() || `Akahu reported the payment ${status} (${code}).`,
  );
}

export interface StripePaymentReport {
  succeeded: boolean;
  /** `last_payment_error.decline_code`, else its `code`. */
  code?: string | null | undefined;
  message?: string | null | undefined;
}

/** Stripe: a PaymentIntent that succeeded, or failed with its decline code and message. */
export function stripePaymentOutcome(report: StripePaymentReport): ProviderPaymentOutcome {
  if (report.succeeded) return { status: 'sent' };
  const code = report.code?.trim() || 'card_declined';
  return failed('stripe', code, report.message?.trim() || 'The card payment was declined.');
}

export type PaymentTransition =
  | { change: true; status: 'sent' | 'failed'; errorStatus: string | null; errorDescription: string | null }
  | { change: false; reason: string };

const IN_FLIGHT = new Set(['upcoming', 'pending_request']);

/**
 * Whether a report moves our payment. Only an attempt still in flight moves, and only to an answer:
 * a final row is never rewritten by a late or out-of-order report (a retry is a new attempt).
 */
export function paymentTransition(current: string, outcome: ProviderPaymentOutcome): PaymentTransition {
  if (outcome.status === 'pending_request') return { change: false, reason: 'still pending at the provider' };
  if (!IN_FLIGHT.has(current)) return { change: false, reason: `payment already ${current}` };
  return outcome.status === 'sent'
    ? { change: true, status: 'sent', errorStatus: null, errorDescription: null }
    : {
        change: true,
        status: 'failed',
        errorStatus: outcome.errorStatus,
        errorDescription: outcome.errorDescription,
      };
}

/** How old a signed delivery may be (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** A delivery signed more than the tolerance before `now` is a replay, not a retry (retries are re-signed). */
export function isWebhookTimestampStale(
  signedAt: Date,
  now: Date,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): boolean {
  // Both ways: a signature dated far ahead is as suspect as an old one (a replay prepared in advance).
  return Math.abs(now.getTime() - signedAt.getTime()) / 1000 > toleranceSeconds;
}
