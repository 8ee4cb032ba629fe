import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { failureKind } from './payment-retry';
import {
  akahuPaymentOutcome,
  isWebhookTimestampStale,
  type ProviderPaymentOutcome,
  paymentTransition,
  providerErrorStatus,
  stripePaymentOutcome,
} from './provider-status';

describe('Akahu payment reports', () => {
  it('maps SENT to sent and the in-between statuses to still pending', () => {
    expect(akahuPaymentOutcome({ status: 'SENT' })).toEqual({ status: 'sent' });
    for (const status of ['READY', 'PENDING_APPROVAL', 'PAUSED', 'SOMETHING_NEW']) {
      expect(akahuPaymentOutcome({ status })).toEqual({ status: 'pending_request' });
    }
  });

  it('maps failures to failed with the provider’s code and words, soft or hard', () => {
    expect(
      akahuPaymentOutcome({
        status: 'DECLINED',
        statusCode: 'INSUFFICIENT_FUNDS',
        statusText: 'There are not enough funds in the account to make this payment.',
      }),
    ).toEqual({
      status: 'failed',
      errorStatus: 'INSUFFICIENT_FUNDS',
      errorDescription: 'There are not enough funds in the account to make this payment.',
      failureKind: 'soft',
    });
    expect(akahuPaymentOutcome({ status: 'ERROR', statusCode: 'UNAVAILABLE' })).toMatchObject({
      errorStatus: 'PROVIDER_UNAVAILABLE',
      failureKind: 'soft',
    });
    expect(akahuPaymentOutcome({ status: 'ERROR', statusCode: 'AUTHENTICATION_FAILED' })).toMatchObject({
      errorStatus: 'CONSENT_REVOKED',
      failureKind: 'hard',
    });
    // Not named hard in BILLING.md "Failure classes": soft, retried on the schedule.
    expect(akahuPaymentOutcome({ status: 'CANCELLED', statusCode: 'USER_CANCELLED' })).toMatchObject({
      errorStatus: 'USER_CANCELLED',
      failureKind: 'soft',
    });
    expect(akahuPaymentOutcome({ status: 'DECLINED' })).toEqual({
      status: 'failed',
      errorStatus: 'DECLINED',
      errorDescription: 'Akahu reported the payment DECLINED (DECLINED).',
      failureKind: 'soft',
    });
  });
});

describe('Stripe payment reports', () => {
  it('maps success and declines, with the decline code as error_status', () => {
    expect(stripePaymentOutcome({ succeeded: true })).toEqual({ status: 'sent' });
    expect(
      stripePaymentOutcome({
        succeeded: false,
        code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      }),
    ).toEqual({
      status: 'failed',
      errorStatus: 'INSUFFICIENT_FUNDS',
      errorDescription: 'Your card has insufficient funds.',
      failureKind: 'soft',
    });
    expect(stripePaymentOutcome({ succeeded: false, code: 'stolen_card' })).toMatchObject({
      errorStatus: 'CARD_LOST_OR_STOLEN',
      errorDescription: 'The card payment was declined.',
      failureKind: 'hard',
    });
    expect(stripePaymentOutcome({ succeeded: false })).toMatchObject({ errorStatus: 'CARD_DECLINED' });
  });

  it('keeps the error status readable by the retry rules', () => {
    fc.assert(
      fc.property(fc.constantFrom('akahu', 'stripe'), fc.string({ minLength: 1 }), (provider, code) => {
        const status = providerErrorStatus(provider as 'akahu' | 'stripe', code);
        expect(providerErrorStatus(provider as 'akahu' | 'stripe', status)).toBe(status);
        expect(['soft', 'hard']).toContain(failureKind(status));
      }),
    );
  });
});

const outcomeArb: fc.Arbitrary<ProviderPaymentOutcome> = fc.oneof(
  fc.constant({ status: 'pending_request' as const }),
  fc.constant({ status: 'sent' as const }),
  fc.record({
    status: fc.constant('failed' as const),
    errorStatus: fc.constantFrom('INSUFFICIENT_FUNDS', 'INVALID_ACCOUNT'),
    errorDescription: fc.string(),
    failureKind: fc.constantFrom('soft' as const, 'hard' as const),
  }),
);

describe('payment transitions', () => {
  it('moves an attempt in flight to the answer, and clears the error on success', () => {
    expect(
      paymentTransition('pending_request', {
        status: 'failed',
        errorStatus: 'BANK_ERROR',
        errorDescription: 'Bank said no',
        failureKind: 'soft',
      }),
    ).toEqual({
      change: true,
      status: 'failed',
      errorStatus: 'BANK_ERROR',
      errorDescription: 'Bank said no',
    });
    expect(paymentTransition('upcoming', { status: 'sent' })).toEqual({
      change: true,
      status: 'sent',
      errorStatus: null,
      errorDescription: null,
    });
    expect(paymentTransition('pending_request', { status: 'pending_request' })).toEqual({
      change: false,
      reason: 'still pending at the provider',
    });
  });

  it('never rewrites a final payment, whatever arrives and in whatever order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('sent', 'failed', 'declined', 'error', 'cancelled', 'refunded'),
        outcomeArb,
        (current, outcome) => {
          expect(paymentTransition(current, outcome).change).toBe(false);
        },
      ),
    );
    expect(paymentTransition('sent', { status: 'sent' })).toEqual({
      change: false,
      reason: 'payment already sent',
    });
  });

  it('applying reports one after another ends where the first answer put it', () => {
    fc.assert(
      fc.property(fc.array(outcomeArb, { minLength: 1, maxLength: 6 }), (reports) => {
        let status = 'pending_request';
        for (const report of reports) {
          const step = paymentTransition(status, report);
          if (step.change) status = step.status;
        }
        const firstAnswer = reports.find((r) => r.status !== 'pending_request');
        expect(status).toBe(firstAnswer?.status ?? 'pending_request');
      }),
    );
  });
});

describe('webhook timestamps', () => {
  const now = new Date('2025-06-01T00:10:00Z');
  it('accepts up to five minutes either way, and rejects beyond (old or dated ahead)', () => {
    expect(isWebhookTimestampStale(new Date('2025-06-01T00:05:00Z'), now)).toBe(false);
    expect(isWebhookTimestampStale(new Date('2025-06-01T00:04:59Z'), now)).toBe(true);
    expect(isWebhookTimestampStale(new Date('2025-06-01T00:15:00Z'), now)).toBe(false);
    expect(isWebhookTimestampStale(new Date('2025-06-01T00:20:00Z'), now)).toBe(true);
    expect(isWebhookTimestampStale(new Date('2030-01-01T00:00:00Z'), now)).toBe(true);
    expect(isWebhookTimestampStale(new Date('2025-06-01T00:09:00Z'), now, 30)).toBe(true);
  });
});
