// Saving a card (SetupIntent + hosted card form) and off-session charges with each Stripe test card.
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../index';
import { parseForm, submit } from '../test/html-form';
import { onboardedAccount, RETURN_URL, saveCardWithForm, stripeClient } from '../test/stripe-helpers';

let sandbox: RunningSandbox;
let stripe: Stripe;
let gym: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  stripe = stripeClient(sandbox);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  sandbox.controls.reset();
  gym = await onboardedAccount(sandbox, stripe);
});

const on = () => ({ stripeAccount: gym });
const member = () => stripe.customers.create({ email: 'jane@example.nz', name: 'Jane Member' }, on());

function chargeOffSession(
  params: { customer?: string; payment_method: string; amount?: number },
  key?: string,
) {
  return stripe.paymentIntents.create(
    {
      amount: params.amount ?? 2590,
      currency: 'nzd',
      customer: params.customer,
      payment_method: params.payment_method,
      confirm: true,
      off_session: true,
      application_fee_amount: 130,
      metadata: { gym_id: '7', period_start: '2026-01-05' },
    },
    { ...on(), ...(key ? { idempotencyKey: key } : {}) },
  );
}

async function rawCard(number: string) {
  return stripe.paymentMethods.create(
    { type: 'card', card: { number, exp_month: 12, exp_year: 2034, cvc: '123' } },
    on(),
  );
}

describe('card form (stands in for Stripe.js)', () => {
  it('saves a card and redirects with setup_intent and redirect_status', async () => {
    const customer = await member();
    const seti = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' }, on());
    expect(seti).toMatchObject({ status: 'requires_payment_method', usage: 'off_session' });
    expect(seti.client_secret).toMatch(new RegExp(`^${seti.id}_secret_`));
    const url = `${sandbox.stripe.url}/card-form?client_secret=${encodeURIComponent(seti.client_secret!)}&return_url=${encodeURIComponent(RETURN_URL)}`;
    const page = await (await fetch(url)).text();
    for (const label of ['Card number', 'Expiry date (MM / YY)', 'Security code (CVC)'])
      expect(page).toContain(`>${label}</label>`);
    expect(page).toContain('autocomplete="cc-number"');

    const form = parseForm(page);
    const response = await submit(sandbox.stripe.url, form, [
      ['number', '4242 4242 4242 4242'],
      ['expiry', '12 / 34'],
      ['cvc', '123'],
    ]);
    expect(response.status).toBe(303);
    const back = new URL(response.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(RETURN_URL);
    expect(back.searchParams.get('setup_intent')).toBe(seti.id);
    expect(back.searchParams.get('setup_intent_client_secret')).toBe(seti.client_secret);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');

    const done = await stripe.setupIntents.retrieve(seti.id, { expand: ['payment_method'] }, on());
    expect(done.status).toBe('succeeded');
    const pm = done.payment_method as Stripe.PaymentMethod;
    expect(pm).toMatchObject({
      customer: customer.id,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
    });
    const saved = await stripe.customers.listPaymentMethods(customer.id, {}, on());
    expect(saved.data.map((p) => p.id)).toEqual([pm.id]);
  });

  it('shows declines and bad numbers inline, as Elements does', async () => {
    const customer = await member();
    const declined = await saveCardWithForm(sandbox, stripe, gym, customer.id, '4000000000009995');
    expect(declined.response.status).toBe(400);
    expect(await declined.response.text()).toMatch(/role="alert"[^>]*>Your card has insufficient funds\./);
    const seti = await stripe.setupIntents.retrieve(declined.setupIntentId, {}, on());
    expect(seti.status).toBe('requires_payment_method');
    expect(seti.last_setup_error).toMatchObject({
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });

    const typo = await saveCardWithForm(sandbox, stripe, gym, customer.id, '4242424242424241');
    const html = await typo.response.text();
    expect(html).toContain('Your card number is incorrect.');
    expect(html).toMatch(/id="number"[^>]*aria-invalid="true"/);
  });

  it('runs 3-D Secure for authentication cards and reports a failed challenge', async () => {
    const customer = await member();
    const passed = await saveCardWithForm(sandbox, stripe, gym, customer.id, '4000002500003155', 'complete');
    expect(new URL(passed.response.headers.get('location')!).searchParams.get('redirect_status')).toBe(
      'succeeded',
    );
    const failed = await saveCardWithForm(sandbox, stripe, gym, customer.id, '4000002760003184', 'fail');
    expect(new URL(failed.response.headers.get('location')!).searchParams.get('redirect_status')).toBe(
      'failed',
    );
    expect((await stripe.setupIntents.retrieve(failed.setupIntentId, {}, on())).last_setup_error?.code).toBe(
      'setup_intent_authentication_failure',
    );
  });
});

describe('off-session charges on the connected account', () => {
  async function savedCard(number: string) {
    const customer = await member();
    const { setupIntentId } = await saveCardWithForm(sandbox, stripe, gym, customer.id, number);
    const seti = await stripe.setupIntents.retrieve(setupIntentId, {}, on());
    return { customer: customer.id, payment_method: seti.payment_method as string };
  }

  it('succeeds with 4242424242424242, taking the application fee', async () => {
    const pi = await chargeOffSession(await savedCard('4242424242424242'));
    expect(pi).toMatchObject({
      status: 'succeeded',
      amount: 2590,
      amount_received: 2590,
      application_fee_amount: 130,
    });
    const charge = await stripe.charges.retrieve(pi.latest_charge as string, {}, on());
    expect(charge).toMatchObject({ status: 'succeeded', paid: true, application_fee_amount: 130 });
    expect(charge.application_fee).toMatch(/^fee_/);
  });

  it.each([
    ['4000000000000002', 'card_declined', 'generic_decline'],
    ['4000000000009995', 'card_declined', 'insufficient_funds'],
    ['4000000000009987', 'card_declined', 'lost_card'],
    ['4000000000009979', 'card_declined', 'stolen_card'],
    ['4000002760003184', 'authentication_required', 'authentication_required'],
    ['4000002500003155', 'authentication_required', 'authentication_required'],
  ])('declines %s with %s / %s (StripeCardError)', async (number, code, declineCode) => {
    const pm = await rawCard(number);
    const error = await chargeOffSession({ payment_method: pm.id }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    const card = error as Stripe.errors.StripeCardError;
    expect(card).toMatchObject({ statusCode: 402, code, decline_code: declineCode });
    const pi = card.payment_intent!;
    expect(pi.status).toBe('requires_payment_method');
    expect(pi.last_payment_error).toMatchObject({ code, decline_code: declineCode });
    const failed = await stripe.charges.retrieve(pi.latest_charge as string, {}, on());
    expect(failed).toMatchObject({ status: 'failed', failure_code: code });
    expect(sandbox.controls.stripe.events(gym).map((e) => e.type)).toContain('payment_intent.payment_failed');
  });

  it('charges 4000002500003155 off-session once it was set up; 4000002760003184 always needs authentication', async () => {
    await expect(chargeOffSession(await savedCard('4000002500003155'))).resolves.toMatchObject({
      status: 'succeeded',
    });
    await expect(chargeOffSession(await savedCard('4000002760003184'))).rejects.toMatchObject({
      code: 'authentication_required',
    });
  });

  it('refuses to save declining cards to a customer; 4000000000000341 saves but its charges fail', async () => {
    const customer = await member();
    const lost = await rawCard('4000000000009987');
    await expect(
      stripe.paymentMethods.attach(lost.id, { customer: customer.id }, on()),
    ).rejects.toMatchObject({
      type: 'StripeCardError',
      decline_code: 'lost_card',
    });
    await expect(chargeOffSession(await savedCard('4000000000000341'))).rejects.toMatchObject({
      code: 'card_declined',
    });
  });

  it('makes the next charge of a customer fail when told to', async () => {
    const card = await savedCard('4242424242424242');
    sandbox.controls.stripe.failNextCharge({ customer: card.customer }, 'insufficient_funds');
    await expect(chargeOffSession(card)).rejects.toMatchObject({ decline_code: 'insufficient_funds' });
    await expect(chargeOffSession(card)).resolves.toMatchObject({ status: 'succeeded' });
  });

  it('parses nested metadata and expand[] from the form-encoded body', async () => {
    const card = await savedCard('4242424242424242');
    const pi = await stripe.paymentIntents.create(
      {
        ...card,
        amount: 1000,
        currency: 'nzd',
        confirm: true,
        off_session: true,
        metadata: { gym_id: '7', 'period[start]': '2026-01-05' },
        expand: ['latest_charge', 'payment_method'],
      },
      on(),
    );
    expect(pi.metadata).toEqual({ gym_id: '7', 'period[start]': '2026-01-05' });
    expect((pi.latest_charge as Stripe.Charge).object).toBe('charge');
    expect((pi.payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242');
  });
});

describe('idempotency and refunds', () => {
  it('answers the same key and params with the same PaymentIntent, and refuses other params', async () => {
    const pm = 'pm_card_visa';
    const first = await chargeOffSession({ payment_method: pm }, 'attempt-41');
    const again = await chargeOffSession({ payment_method: pm }, 'attempt-41');
    expect(again.id).toBe(first.id);
    const succeeded = sandbox.controls.stripe
      .events(gym)
      .filter((e) => e.type === 'payment_intent.succeeded');
    expect(succeeded).toHaveLength(1);
    await expect(chargeOffSession({ payment_method: pm, amount: 9999 }, 'attempt-41')).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it('replays a declined attempt instead of charging again', async () => {
    const pm = await rawCard('4000000000000002');
    const first = (await chargeOffSession({ payment_method: pm.id }, 'attempt-42').catch(
      (e) => e,
    )) as Stripe.errors.StripeCardError;
    const again = (await chargeOffSession({ payment_method: pm.id }, 'attempt-42').catch(
      (e) => e,
    )) as Stripe.errors.StripeCardError;
    expect(again.payment_intent?.id).toBe(first.payment_intent?.id);
    expect(sandbox.controls.stripe.events(gym).filter((e) => e.type === 'charge.failed')).toHaveLength(1);
  });

  it('refunds in part and in full, then refuses to refund again', async () => {
    const pi = await chargeOffSession({ payment_method: 'pm_card_visa' });
    const part = await stripe.refunds.create({ payment_intent: pi.id, amount: 590 }, on());
    expect(part).toMatchObject({ object: 'refund', amount: 590, status: 'succeeded', payment_intent: pi.id });
    await expect(stripe.refunds.create({ payment_intent: pi.id, amount: 5000 }, on())).rejects.toMatchObject({
      message: 'Refund amount ($50.00) is greater than unrefunded amount on charge ($20.00)',
    });
    await stripe.refunds.create({ payment_intent: pi.id }, on());
    const charge = await stripe.charges.retrieve(pi.latest_charge as string, {}, on());
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 2590 });
    await expect(stripe.refunds.create({ payment_intent: pi.id }, on())).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'charge_already_refunded',
    });
    expect(sandbox.controls.stripe.events(gym).filter((e) => e.type === 'charge.refunded')).toHaveLength(2);
  });
});
