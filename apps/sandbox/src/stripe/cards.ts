// Stripe's documented test cards and what each does, plus the test tokens and PaymentMethod ids.
import { createHash } from 'node:crypto';

export interface CardFailure {
  code: string;
  decline_code: string;
  message: string;
}

export const CARD_FAILURES: Record<string, CardFailure> = {
  card_declined: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  generic_decline: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  lost_card: { code: 'card_declined', decline_code: 'lost_card', message: 'Your card was declined.' },
  stolen_card: { code: 'card_declined', decline_code: 'stolen_card', message: 'Your card was declined.' },
  expired_card: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  incorrect_cvc: {
    code: 'incorrect_cvc',
    decline_code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  processing_error: {
    code: 'processing_error',
    decline_code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  authentication_required: {
    code: 'authentication_required',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
};

/** How a card behaves when saved (SetupIntent, attach) and when charged. */
export interface CardBehaviour {
  setup: 'ok' | 'three_d_secure' | keyof typeof CARD_FAILURES;
  charge: 'ok' | 'auth_unless_set_up' | 'auth_always' | keyof typeof CARD_FAILURES;
}

const OK: CardBehaviour = { setup: 'ok', charge: 'ok' };
const declines = (failure: string): CardBehaviour => ({ setup: failure, charge: failure });

export const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': OK,
  '4000056655665556': OK,
  '5555555555554444': OK,
  '4000000000000002': declines('generic_decline'),
  '4000000000009995': declines('insufficient_funds'),
  '4000000000009987': declines('lost_card'),
  '4000000000009979': declines('stolen_card'),
  '4000000000000069': declines('expired_card'),
  '4000000000000127': declines('incorrect_cvc'),
  '4000000000000119': declines('processing_error'),
  '4000000000000341': { setup: 'ok', charge: 'generic_decline' },
  '4000002500003155': { setup: 'three_d_secure', charge: 'auth_unless_set_up' },
  '4000002760003184': { setup: 'three_d_secure', charge: 'auth_always' },
};

export const behaviourOf = (number: string): CardBehaviour => TEST_CARDS[number] ?? OK;

/** Test tokens and PaymentMethod ids (`tok_visa`, `pm_card_visa`, …) → card number. */
const MAGIC: Record<string, string> = {
  visa: '4242424242424242',
  visa_debit: '4000056655665556',
  mastercard: '5555555555554444',
  chargeDeclined: '4000000000000002',
  chargeDeclinedInsufficientFunds: '4000000000009995',
  chargeDeclinedLostCard: '4000000000009987',
  chargeDeclinedStolenCard: '4000000000009979',
  chargeDeclinedExpiredCard: '4000000000000069',
  chargeDeclinedIncorrectCvc: '4000000000000127',
  chargeDeclinedProcessingError: '4000000000000119',
  chargeCustomerFail: '4000000000000341',
  authenticationRequiredOnSetup: '4000002500003155',
  authenticationRequired: '4000002760003184',
};

export function magicCardNumber(id: string): string | undefined {
  const match = /^(?:pm_card_|tok_)(\w+)$/.exec(id);
  return match ? MAGIC[match[1]!] : undefined;
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}

export const fingerprintOf = (number: string): string =>
  createHash('sha256').update(`sandbox:${number}`).digest('base64url').slice(0, 16);
