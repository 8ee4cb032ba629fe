// Card PaymentMethods: created from card details (validated as Stripe validates them) or from the
// test ids (`pm_card_visa`, `tok_chargeDeclined`, …), and the card check that attaching runs.
import { type FormObject, obj, str } from '../shared/form-body';
import { stripeId } from '../shared/ids';
import {
  behaviourOf,
  brandOf,
  CARD_FAILURES,
  fingerprintOf,
  luhnValid,
  magicCardNumber,
  setupAnswer,
  TEST_CARDS,
} from './cards';
import { nowUnix, type StripeContext } from './context';
import { cardError, cardErrorObject, docUrl, invalidRequest, StripeApiError } from './errors';
import { findScoped } from './lookups';
import { PAYMENT_METHOD_UNUSED, type PaymentMethod } from './types';

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc?: string;
}

const fieldError = (code: string, message: string, param: string) =>
  new StripeApiError(402, { type: 'card_error', code, message, param, doc_url: docUrl(code) });

export function validateCard(
  ctx: StripeContext,
  input: { number?: string; exp_month?: string; exp_year?: string; cvc?: string },
): CardInput {
  const number = (input.number ?? '').replace(/[\s-]/g, '');
  if (!luhnValid(number))
    throw fieldError('incorrect_number', 'Your card number is incorrect.', 'card[number]');
  // A real card number with a test key: Stripe declines it where the card is first given.
  if (!TEST_CARDS[number]) {
    throw cardError(cardErrorObject(CARD_FAILURES.test_mode_live_card!, { param: 'card[number]' }));
  }
  const month = Number(input.exp_month);
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw fieldError('invalid_expiry_month', "Your card's expiration month is invalid.", 'card[exp_month]');
  }
  let year = Number(input.exp_year);
  if (Number.isInteger(year) && year < 100) year += 2000;
  const now = ctx.runtime.clock.now();
  const expired =
    year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
  if (!Number.isInteger(year) || expired || year > now.getUTCFullYear() + 50) {
    throw fieldError('invalid_expiry_year', "Your card's expiration year is invalid.", 'card[exp_year]');
  }
  if (input.cvc !== undefined && input.cvc !== '' && !/^\d{3,4}$/.test(input.cvc)) {
    throw fieldError('invalid_cvc', "Your card's security code is invalid.", 'card[cvc]');
  }
  return { number, exp_month: month, exp_year: year, cvc: input.cvc || undefined };
}

export function createPaymentMethod(
  ctx: StripeContext,
  account: string | null,
  card: CardInput,
  billing: FormObject = {},
  metadata: Record<string, string> = {},
): PaymentMethod {
  const brand = brandOf(card.number);
  const pm: PaymentMethod = {
    id: stripeId('pm'),
    object: 'payment_method',
    ...PAYMENT_METHOD_UNUSED,
    type: 'card',
    card: {
      brand,
      display_brand: brand,
      last4: card.number.slice(-4),
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      country: 'NZ',
      funding: card.number === '4000056655665556' ? 'debit' : 'credit',
      fingerprint: fingerprintOf(card.number),
      checks: {
        cvc_check: card.cvc ? (behaviourOf(card.number).setup === 'cvc_check_fails' ? 'fail' : 'pass') : null,
        address_line1_check: null,
        address_postal_code_check: null,
      },
      networks: { available: [brand], preferred: null },
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: str(billing.email) ?? null,
      name: str(billing.name) ?? null,
      phone: str(billing.phone) ?? null,
    },
    customer: null,
    allow_redisplay: 'unspecified',
    metadata,
    created: nowUnix(ctx),
    livemode: false,
  };
  ctx.state.paymentMethods.set(pm.id, { account, value: pm });
  ctx.state.cards.set(pm.id, { number: card.number, setUpForOffSession: false });
  return pm;
}

/** The card of `type=card` params: raw details or a test token in `card[token]`. */
export function cardFromParams(ctx: StripeContext, params: FormObject): CardInput {
  if (str(params.type) !== 'card')
    throw invalidRequest('The sandbox supports PaymentMethods of type card.', { param: 'type' });
  const card = obj(params.card);
  const token = str(card.token);
  if (token) {
    const number = magicCardNumber(token);
    if (!number)
      throw invalidRequest(`No such token: '${token}'`, { code: 'resource_missing', param: 'card[token]' });
    return { number, exp_month: 12, exp_year: ctx.runtime.clock.now().getUTCFullYear() + 3, cvc: '123' };
  }
  return validateCard(ctx, {
    number: str(card.number),
    exp_month: str(card.exp_month),
    exp_year: str(card.exp_year),
    cvc: str(card.cvc),
  });
}

/** A PaymentMethod id from params: an existing one where the caller can see it, or a test id. */
export function resolvePaymentMethod(
  ctx: StripeContext,
  account: string | null,
  id: string,
  param: string,
): PaymentMethod {
  const magic = magicCardNumber(id);
  if (magic) {
    const year = ctx.runtime.clock.now().getUTCFullYear() + 3;
    return createPaymentMethod(ctx, account, { number: magic, exp_month: 12, exp_year: year, cvc: '123' });
  }
  return findScoped(ctx.state.paymentMethods, id, account, 'PaymentMethod', param).value;
}

/** The validation a card goes through when saved to a customer; a declining card fails here. */
export function checkCardForSaving(ctx: StripeContext, pm: PaymentMethod): void {
  const number = ctx.state.cards.get(pm.id)?.number ?? '';
  const setup = setupAnswer(number, pm.card.checks.cvc_check);
  if (setup === 'ok' || setup === 'three_d_secure') return;
  const failure = CARD_FAILURES[setup]!;
  throw cardError(cardErrorObject(failure, { payment_method: structuredClone(pm) }));
}
