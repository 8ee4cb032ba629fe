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
  card_velocity_exceeded: {
    code: 'card_declined',
    decline_code: 'card_velocity_exceeded',
    message:
      'Your card was declined for making repeated attempts too frequently or exceeding its amount limit.',
  },
  fraudulent: { code: 'card_declined', decline_code: 'fraudulent', message: 'Your card was declined.' },
  test_mode_live_card: {
    code: 'card_declined',
    decline_code: 'test_mode_live_card',
    message:
      'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  },
  authentication_required: {
    code: 'authentication_required',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
};

/**
 * How a card behaves when saved (SetupIntent, attach) and when charged, as Stripe's testing page
 * (docs.stripe.com/testing) documents it. `cvc_check_fails`: the card saves only without a CVC (Radar's
 * default rule blocks a failed CVC check). `dispute`: the charge succeeds, then the cardholder disputes it.
 */
export interface CardBehaviour {
  setup: 'ok' | 'three_d_secure' | 'cvc_check_fails' | keyof typeof CARD_FAILURES;
  charge: 'ok' | 'auth_unless_set_up' | 'auth_always' | keyof typeof CARD_FAILURES;
  dispute?: 'fraudulent' | 'product_not_received';
}

const OK: CardBehaviour = { setup: 'ok', charge: 'ok' };
const declines = (failure: string): CardBehaviour => ({ setup: failure, charge: failure });
/** Saving asks for 3-D Secure; once saved, off-session charges end as `charge` says. */
const authenticatesThen = (charge: CardBehaviour['charge']): CardBehaviour => ({
  setup: 'three_d_secure',
  charge,
});

/** Cards by brand and country: every one succeeds. */
const SUCCEEDING = [
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '5105105105105100',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '6011000990139424',
  '6011981111111113',
  '3056930009020004',
  '36227206271667',
  '6555900000604105',
  '3566002020360505',
  '6200000000000005',
  '6200000000000047',
  '4000005540000008', // New Zealand (Visa)
  '4000000360000006', // Australia (Visa)
  '4000000000000077', // succeeds, funds straight to the available balance
  '4000000000000093', // succeeds, domestic pricing
  '4000000000000010', // address checks fail, the charge succeeds
  '4000000000000028',
  '4000000000000036',
  '4000000000000044',
  '4000000000003055', // 3-D Secure supported, not required
  '4000000000003097',
];

export const TEST_CARDS: Record<string, CardBehaviour> = {
  ...Object.fromEntries(SUCCEEDING.map((number) => [number, OK])),
  // Declined payments.
  '4000000000000002': declines('generic_decline'),
  '4000000000009995': declines('insufficient_funds'),
  '4000000000009987': declines('lost_card'),
  '4000000000009979': declines('stolen_card'),
  '4000000000000069': declines('expired_card'),
  '4000000000000127': declines('incorrect_cvc'),
  '4000000000000119': declines('processing_error'),
  '4000000000006975': declines('card_velocity_exceeded'),
  '4100000000000019': declines('fraudulent'), // always blocked by Radar (highest risk)
  '4000000000004954': declines('fraudulent'),
  '4000000000000101': { setup: 'cvc_check_fails', charge: 'ok' },
  '4000000000000341': { setup: 'ok', charge: 'generic_decline' },
  // Authentication and 3-D Secure.
  '4000002500003155': authenticatesThen('auth_unless_set_up'),
  '4000002760003184': authenticatesThen('auth_always'),
  '4000003800000446': OK, // already set up for off-session use
  '4000008260003178': authenticatesThen('insufficient_funds'),
  '4000000000003220': authenticatesThen('auth_unless_set_up'),
  '4000008400001629': authenticatesThen('generic_decline'),
  '4000008400001280': authenticatesThen('processing_error'),
  // Disputes: the charge succeeds and is then disputed.
  '4000000000000259': { ...OK, dispute: 'fraudulent' },
  '4000000000002685': { ...OK, dispute: 'product_not_received' },
};

/**
 * Any other number is what Stripe calls a live card used with a test key: declined
 * (`test_mode_live_card`). Remembered cards keep a test card's number, so they never meet this.
 */
const LIVE_CARD: CardBehaviour = declines('test_mode_live_card');

export const behaviourOf = (number: string): CardBehaviour => TEST_CARDS[number] ?? LIVE_CARD;

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
  authenticationRequiredSetupForOffSession: '4000003800000446',
  authenticationRequiredChargeDeclinedInsufficientFunds: '4000008260003178',
  chargeDeclinedFraudulent: '4100000000000019',
  chargeDeclinedVelocityLimitExceeded: '4000000000006975',
  cvcCheckFail: '4000000000000101',
  threeDSecure2Required: '4000000000003220',
  createDispute: '4000000000000259',
  createDisputeProductNotReceived: '4000000000002685',
  amex: '378282246310005',
  mastercard_debit: '5200828282828210',
  discover: '6011111111111117',
  nz: '4000005540000008',
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
  if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
  if (/^35/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

export const fingerprintOf = (number: string): string =>
  createHash('sha256').update(`sandbox:${number}`).digest('base64url').slice(0, 16);

/** What saving this card ends in: `cvc_check_fails` is a decline only when a CVC was checked and failed. */
export function setupAnswer(number: string, cvcCheck: string | null): 'ok' | 'three_d_secure' | string {
  const setup = behaviourOf(number).setup;
  if (setup === 'cvc_check_fails') return cvcCheck === 'fail' ? 'incorrect_cvc' : 'ok';
  return setup;
}
