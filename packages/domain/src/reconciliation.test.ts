import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProviderPaymentOutcome } from './provider-status';
import { paymentDrift, stripeIntentOutcome } from './reconciliation';

const sent: ProviderPaymentOutcome = { status: 'sent' };
const pending: ProviderPaymentOutcome = { status: 'pending_request' };
const failed: ProviderPaymentOutcome = {
  status: 'failed',
  errorStatus: 'INSUFFICIENT_FUNDS',
  errorDescription: 'Not enough money',
  failureKind: 'soft',
};

describe('paymentDrift', () => {
  it('agrees when the provider says what we say', () => {
    expect(
      paymentDrift({ status: 'sent', totalCents: 2590 }, { outcome: sent, amountCents: 2590 }),
    ).toBeNull();
    expect(
      paymentDrift({ status: 'failed', totalCents: 2590 }, { outcome: failed, amountCents: 2590 }),
    ).toBeNull();
    expect(
      paymentDrift({ status: 'pending_request', totalCents: 2590 }, { outcome: pending, amountCents: 2590 }),
    ).toBeNull();
    expect(
      paymentDrift({ status: 'refunded', totalCents: 2590 }, { outcome: sent, amountCents: 2590 }),
    ).toBeNull();
  });
  it('names each disagreement', () => {
    expect(paymentDrift({ status: 'sent', totalCents: 2590 }, null)).toBe('missing_at_provider');
    expect(paymentDrift({ status: 'sent', totalCents: 2590 }, { outcome: sent, amountCents: 2500 })).toBe(
      'amount_differs',
    );
    expect(paymentDrift({ status: 'failed', totalCents: 2590 }, { outcome: sent, amountCents: 2590 })).toBe(
      'status_differs',
    );
    expect(paymentDrift({ status: 'sent', totalCents: 2590 }, { outcome: failed, amountCents: 2590 })).toBe(
      'status_differs',
    );
    expect(
      paymentDrift({ status: 'pending_request', totalCents: 2590 }, { outcome: sent, amountCents: 2590 }),
    ).toBe('answered_late');
  });
  it('never calls two equal final answers drift, and always flags a different amount', () => {
    const outcomes = fc.constantFrom(sent, failed, pending);
    fc.assert(
      fc.property(
        outcomes,
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (o, a, b) => {
          const ours = { status: o.status, totalCents: a };
          const drift = paymentDrift(ours, { outcome: o, amountCents: b });
          expect(drift).toBe(a === b ? null : 'amount_differs');
        },
      ),
    );
  });
});

describe('stripeIntentOutcome', () => {
  it('reads succeeded, declined, cancelled and in-between', () => {
    expect(stripeIntentOutcome({ status: 'succeeded', failureCode: null, failureMessage: null })).toEqual(
      sent,
    );
    expect(
      stripeIntentOutcome({
        status: 'requires_payment_method',
        failureCode: 'insufficient_funds',
        failureMessage: 'Your card has insufficient funds.',
      }),
    ).toMatchObject({ status: 'failed', errorStatus: 'INSUFFICIENT_FUNDS' });
    expect(stripeIntentOutcome({ status: 'processing', failureCode: null, failureMessage: null })).toEqual(
      pending,
    );
    expect(
      stripeIntentOutcome({ status: 'canceled', failureCode: null, failureMessage: null }),
    ).toMatchObject({
      status: 'failed',
    });
  });
});
