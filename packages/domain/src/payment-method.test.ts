import { describe, expect, it } from 'vitest';
import {
  declinedAtConfirmation,
  isOfferedAgain,
  methodInSentence,
  paymentMethodLabel,
  savedMethodLabel,
} from './payment-method';

describe('a saved way to pay', () => {
  it('is named by brand and last four, or as a bank account, never by its id', () => {
    expect(paymentMethodLabel({ kind: 'stripe_card', brand: 'visa', last_four: '4242' })).toBe(
      'Visa ending 4242',
    );
    expect(savedMethodLabel({ type: 'stripe_card', brand: 'amex', last_four: '0005' })).toBe(
      'American Express ending 0005',
    );
    expect(savedMethodLabel({ type: 'stripe_card', brand: null, last_four: '1111' })).toBe(
      'Card ending 1111',
    );
    expect(savedMethodLabel({ type: 'bank_account', account_number: '12-3456-0123456-00' })).toBe(
      'Bank account 12-3456-0123456-00',
    );
    expect(savedMethodLabel({ type: 'stripe_card' })).toBe('Card');
  });

  it('reads the same inside a mail’s sentence, without a bank account’s number', () => {
    expect(methodInSentence({ type: 'stripe_card', brand: 'amex', last_four: '0005' })).toBe(
      'your American Express ending 0005',
    );
    expect(methodInSentence({ type: 'bank_account', brand: null, last_four: null })).toBe(
      'your bank account',
    );
    expect(methodInSentence({ type: 'cash', brand: null, last_four: null })).toBeNull();
    expect(methodInSentence({ type: null, brand: null, last_four: null })).toBeNull();
  });

  it('is not offered again once its payment at confirmation was declined and it has paid nothing since', () => {
    const at = '2025-11-27T01:02:03.000Z';
    expect(declinedAtConfirmation({ confirmDeclinedAt: at, everPaidOrPending: false })).toBe(at);
    expect(declinedAtConfirmation({ confirmDeclinedAt: new Date(at), everPaidOrPending: true })).toBeNull();
    expect(declinedAtConfirmation({ confirmDeclinedAt: null, everPaidOrPending: false })).toBeNull();
    expect(isOfferedAgain({ declined_at: at })).toBe(false);
    expect(isOfferedAgain({ declined_at: null })).toBe(true);
  });
});
