import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PAYMENT_STATUS_GROUP_LABELS,
  PAYMENT_STATUS_GROUPS,
  PAYMENT_TYPE_LABELS,
  PAYMENT_TYPES,
} from './api/payments';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_LABELS,
  activitySentence,
  FAILURE_CODES,
  FAILURE_LABELS,
  failureLabel,
  PAYMENT_STATUSES,
  paymentMethodLabel,
  paymentStatusLabel,
  undoUntilPhrase,
  webhookEventLabel,
} from './labels';
import { HARD_FAILURE_CODES, SOFT_FAILURE_CODES } from './payment-retry';

// A plain label: words a person reads, not a code ('INSUFFICIENT_FUNDS', 'grace_started', 'a.b', 'A:B').
const isPlain = (label: string) => label.trim().length > 0 && !/_|\w[.:]\w/.test(label);

describe('the vocabulary', () => {
  it('has a plain label for every payment status the database allows', () => {
    for (const status of PAYMENT_STATUSES) expect(isPlain(paymentStatusLabel(status)), status).toBe(true);
  });

  it('has a plain label for every failure code the retry rules know, soft and hard', () => {
    expect(new Set(FAILURE_CODES)).toEqual(new Set([...SOFT_FAILURE_CODES, ...HARD_FAILURE_CODES]));
    for (const code of FAILURE_CODES) expect(isPlain(FAILURE_LABELS[code]), code).toBe(true);
    expect(failureLabel('INSUFFICIENT_FUNDS')).toBe('Not enough money in the account');
    expect(failureLabel('stolen_card')).toBe('The card was reported lost or stolen');
  });

  it('says an unknown failure in the provider’s words, else makes its code readable', () => {
    expect(failureLabel('DO_NOT_HONOR', 'The bank said no.')).toBe('The bank said no.');
    expect(failureLabel('DO_NOT_HONOR')).toBe('Do not honor');
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z][A-Z_]{0,20}$/), (code) => {
        expect(failureLabel(code)).not.toMatch(/_/);
      }),
    );
  });

  it('has a plain label for every activity kind the server writes', () => {
    for (const action of ACTIVITY_ACTIONS) expect(isPlain(ACTIVITY_LABELS[action]), action).toBe(true);
    expect(Object.keys(ACTIVITY_LABELS).sort()).toEqual([...ACTIVITY_ACTIONS].sort());
  });

  it('writes an entry with the facts it carries', () => {
    expect(
      activitySentence({ action: 'subscription.billing_date_changed', data: { billing_date: '2027-01-20' } }),
    ).toBe('Billing date changed: first payment runs to 20 Jan 2027');
    expect(
      activitySentence({ action: 'subscription.billing_date_changed', data: { billing_date: null } }),
    ).toBe('Billing date changed: cleared');
    expect(
      activitySentence({
        action: 'subscription.grace_started',
        data: { grace_period_ends_at: '2027-03-12', balance_owing: 1999 },
      }),
    ).toBe('Payment overdue: grace until 12 Mar 2027');
    expect(activitySentence({ action: 'payment.failed', data: { error_status: 'INSUFFICIENT_FUNDS' } })).toBe(
      'Payment failed: Not enough money in the account',
    );
    expect(
      activitySentence({ action: 'payment.manual_recorded', data: { amount: 4500, type: 'eftpos' } }),
    ).toBe('Payment taken at the desk: $45.00 by EFTPOS');
    expect(
      activitySentence({
        action: 'payment.manual_recorded',
        data: { amount: 900, type: 'cash', part_payment: true, paid_total: 3000, still_owing: 1200 },
      }),
    ).toBe('Payment taken at the desk: Part payment of $30.00; $12.00 still owing (by cash)');
    expect(activitySentence({ action: 'subscription.created', data: {} })).toBe('Membership started');
    expect(activitySentence({ action: 'some.future_kind' })).toBe('Some future kind');
  });

  it('names payment methods by brand and last four, or bank account', () => {
    expect(paymentMethodLabel({ kind: 'stripe_card', brand: 'visa', last_four: '4242' })).toBe(
      'Visa ending 4242',
    );
    expect(paymentMethodLabel({ kind: 'bank_account', account_number: '12-3456-0123456-00' })).toBe(
      'Bank account 12-3456-0123456-00',
    );
  });

  it('names webhook events, known or not', () => {
    expect(webhookEventLabel('payment_intent.succeeded')).toBe('Card payment succeeded');
    expect(webhookEventLabel('PAYMENT:UPDATE')).toBe('Bank payment update');
    expect(webhookEventLabel('invoice.paid')).toBe('Invoice paid');
    expect(webhookEventLabel(null)).toBe('Unknown event');
  });

  it('says until when a cancellation can be undone, midnight as the end of the day before', () => {
    expect(undoUntilPhrase(new Date('2026-11-29T11:00:00Z'))).toBe(
      'can be undone until the end of 29 Nov 2026',
    );
    expect(undoUntilPhrase(new Date('2026-11-29T23:30:00Z'))).toBe(
      'can be undone until 30 Nov 2026, 12:30 pm',
    );
  });

  it('has plain labels for the lists’ payment types and status groups', () => {
    for (const type of PAYMENT_TYPES) expect(isPlain(PAYMENT_TYPE_LABELS[type]), type).toBe(true);
    for (const group of PAYMENT_STATUS_GROUPS) expect(isPlain(PAYMENT_STATUS_GROUP_LABELS[group])).toBe(true);
  });
});
