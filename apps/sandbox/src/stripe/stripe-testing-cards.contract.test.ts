// Stripe's testing cards (docs.stripe.com/testing) behave as Stripe documents them, saved through the
// card form and charged off-session; a number not on the list is a live card used with a test key.
// The PaymentIntent list filters by `created` and pages as Stripe's lists do.
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../index';
import { onboardedAccount, saveCardWithForm, stripeClient } from '../test/stripe-helpers';

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

async function saved(number: string, authenticate: 'complete' | 'fail' = 'complete') {
  const customer = await stripe.customers.create({ email: 'jane@example.nz' }, on());
  const { setupIntentId, response } = await saveCardWithForm(
    sandbox,
    stripe,
    gym,
    customer.id,
    number,
    authenticate,
  );
  const seti = await stripe.setupIntents.retrieve(setupIntentId, {}, on());
  return { customer: customer.id, seti, redirect: response.headers.get('location') ?? '' };
}

const charge = (card: { customer: string; payment_method: string }) =>
  stripe.paymentIntents.create(
    { amount: 2590, currency: 'nzd', confirm: true, off_session: true, ...card },
    on(),
  );

async function savedAndCharged(number: string) {
  const card = await saved(number);
  expect(card.seti.status).toBe('succeeded');
  return charge({ customer: card.customer, payment_method: card.seti.payment_method as string });
}

describe('Stripe testing cards', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['4000056655665556', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['5200828282828210', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['4000005540000008', 'visa'],
    ['4000003800000446', 'visa'],
  ])('%s (%s) saves and its off-session charges succeed', async (number, brand) => {
    const pi = await savedAndCharged(number);
    expect(pi.status).toBe('succeeded');
    const pm = await stripe.paymentMethods.retrieve(pi.payment_method as string, {}, on());
    expect(pm.card?.brand).toBe(brand);
  });

  it('4000000000003220 needs 3-D Secure to be saved; once saved, off-session charges succeed', async () => {
    const card = await saved('4000000000003220');
    expect(card.redirect).toContain('redirect_status=succeeded');
    expect(card.seti.status).toBe('succeeded');
    const events = sandbox.controls.stripe.events(gym).map((e) => e.type);
    expect(events).toContain('setup_intent.requires_action');
    const pi = await charge({ customer: card.customer, payment_method: card.seti.payment_method as string });
    expect(pi.status).toBe('succeeded');

    const refused = await saved('4000000000003220', 'fail');
    expect(refused.seti.last_setup_error?.code).toBe('setup_intent_authentication_failure');
  });

  it('4000008260003178 passes 3-D Secure, then its charges fail for insufficient funds', async () => {
    const card = await saved('4000008260003178');
    expect(card.seti.status).toBe('succeeded');
    await expect(
      charge({ customer: card.customer, payment_method: card.seti.payment_method as string }),
    ).rejects.toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds' });
  });

  it.each([
    ['4000008400001629', 'card_declined', 'generic_decline'],
    ['4000008400001280', 'processing_error', 'processing_error'],
  ])('%s passes 3-D Secure, then its charges fail with %s', async (number, code, declineCode) => {
    const card = await saved(number);
    expect(card.seti.status).toBe('succeeded');
    await expect(
      charge({ customer: card.customer, payment_method: card.seti.payment_method as string }),
    ).rejects.toMatchObject({ code, decline_code: declineCode });
  });

  it('4000000000000101 fails the CVC check when a CVC is given, and saves without one', async () => {
    const withCvc = await saved('4000000000000101');
    expect(withCvc.seti.status).toBe('requires_payment_method');
    expect(withCvc.seti.last_setup_error).toMatchObject({ code: 'incorrect_cvc' });
    const customer = await stripe.customers.create({ email: 'no-cvc@example.nz' }, on());
    const pm = await stripe.paymentMethods.create(
      { type: 'card', card: { number: '4000000000000101', exp_month: 12, exp_year: 2034 } },
      on(),
    );
    expect(pm.card?.checks?.cvc_check).toBeNull();
    await stripe.paymentMethods.attach(pm.id, { customer: customer.id }, on());
    await expect(charge({ customer: customer.id, payment_method: pm.id })).resolves.toMatchObject({
      status: 'succeeded',
    });
  });

  it.each([
    ['4000000000006975', 'card_velocity_exceeded'],
    ['4100000000000019', 'fraudulent'],
    ['4000000000004954', 'fraudulent'],
    ['4000000000000069', 'expired_card'],
    ['4000000000000127', 'incorrect_cvc'],
    ['4000000000000119', 'processing_error'],
  ])('%s is declined with %s', async (number, declineCode) => {
    const pm = await stripe.paymentMethods.create(
      { type: 'card', card: { number, exp_month: 12, exp_year: 2034, cvc: '123' } },
      on(),
    );
    await expect(
      stripe.paymentIntents.create(
        { amount: 2590, currency: 'nzd', confirm: true, payment_method: pm.id },
        on(),
      ),
    ).rejects.toMatchObject({ type: 'StripeCardError', decline_code: declineCode });
  });

  it('refuses a number not on the list as a live card, and a number failing the check digit', async () => {
    const card = (number: string) =>
      stripe.paymentMethods.create(
        { type: 'card', card: { number, exp_month: 12, exp_year: 2034, cvc: '123' } },
        on(),
      );
    await expect(card('4111111111111111')).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'test_mode_live_card',
    });
    await expect(card('4242424242424241')).rejects.toMatchObject({ code: 'incorrect_number' });
  });
});

describe('GET /v1/payment_intents', () => {
  it('answers newest first, honours created and limit, and pages with has_more and starting_after', async () => {
    const made: Stripe.PaymentIntent[] = [];
    const start = sandbox.controls.now();
    for (let i = 0; i < 7; i++) {
      made.push(
        await stripe.paymentIntents.create(
          { amount: 1000 + i, currency: 'nzd', confirm: true, payment_method: 'pm_card_visa' },
          on(),
        ),
      );
      await sandbox.controls.advanceClock(60_000);
    }
    const newestFirst = made.map((p) => p.id).reverse();

    const first = await stripe.paymentIntents.list({ limit: 3 }, on());
    expect(first.data.map((p) => p.id)).toEqual(newestFirst.slice(0, 3));
    expect(first.has_more).toBe(true);
    const second = await stripe.paymentIntents.list({ limit: 3, starting_after: first.data[2]!.id }, on());
    expect(second.data.map((p) => p.id)).toEqual(newestFirst.slice(3, 6));
    const last = await stripe.paymentIntents.list({ limit: 3, starting_after: second.data[2]!.id }, on());
    expect(last.data.map((p) => p.id)).toEqual(newestFirst.slice(6));
    expect(last.has_more).toBe(false);

    const all: string[] = [];
    for await (const pi of stripe.paymentIntents.list({ limit: 2 }, on())) all.push(pi.id);
    expect(all).toEqual(newestFirst);

    const since = Math.floor(start.getTime() / 1000) + 3 * 60;
    const recent = await stripe.paymentIntents.list({ created: { gte: since }, limit: 100 }, on());
    expect(recent.data.map((p) => p.id)).toEqual(
      made
        .filter((p) => p.created >= since)
        .map((p) => p.id)
        .reverse(),
    );
    expect(recent.data.length).toBeGreaterThan(0);
    expect(recent.data.length).toBeLessThan(7);

    await expect(stripe.paymentIntents.list({ limit: 101 }, on())).rejects.toMatchObject({ param: 'limit' });
  });
});

describe('idempotency keys and Search', () => {
  it('forgets a key 24 hours on (a new PaymentIntent), and Search finds intents by their metadata', async () => {
    const params = {
      amount: 2590,
      currency: 'nzd',
      confirm: true,
      payment_method: 'pm_card_visa',
      metadata: { payment_idempotency_key: "attempt-1'x" },
    };
    const first = await stripe.paymentIntents.create(params, { ...on(), idempotencyKey: 'key-1' });
    expect(sandbox.controls.stripe.idempotentRequest(gym, 'key-1')).toMatchObject({
      status: 200,
      body: { id: first.id },
    });
    await sandbox.controls.advanceClock(23 * 60 * 60 * 1000);
    const replayed = await stripe.paymentIntents.create(params, { ...on(), idempotencyKey: 'key-1' });
    expect(replayed.id).toBe(first.id);
    await sandbox.controls.advanceClock(2 * 60 * 60 * 1000);
    // The controls see what a repeat would: the key is gone.
    expect(sandbox.controls.stripe.idempotentRequest(gym, 'key-1')).toBeNull();
    const again = await stripe.paymentIntents.create(params, { ...on(), idempotencyKey: 'key-1' });
    expect(again.id).not.toBe(first.id);

    const found = await stripe.paymentIntents.search(
      { query: "metadata['payment_idempotency_key']:'attempt-1\\'x' AND status:'succeeded'", limit: 1 },
      on(),
    );
    expect(found).toMatchObject({ object: 'search_result', has_more: true });
    expect(found.data.map((p) => p.id)).toEqual([again.id]);
    const next = await stripe.paymentIntents.search(
      { query: "metadata['payment_idempotency_key']:'attempt-1\\'x'", limit: 1, page: found.next_page! },
      on(),
    );
    expect(next.data.map((p) => p.id)).toEqual([first.id]);
    expect(next.has_more).toBe(false);
    await expect(stripe.paymentIntents.search({ query: 'amount>5' }, on())).rejects.toMatchObject({
      param: 'query',
    });
  });
});

describe('staging a saved card’s failure by the member’s email', () => {
  it('declines the next charges of every card of that email, from the controls and from the demo page', async () => {
    const good = await saved('4242424242424242');
    const card = { customer: good.customer, payment_method: good.seti.payment_method as string };
    await expect(charge(card)).resolves.toMatchObject({ status: 'succeeded' });

    sandbox.controls.stripe.failCardChargesOf('JANE@example.nz', 'expired_card', 2);
    await expect(charge(card)).rejects.toMatchObject({ decline_code: 'expired_card' });
    await expect(charge(card)).rejects.toMatchObject({ decline_code: 'expired_card' });
    await expect(charge(card)).resolves.toMatchObject({ status: 'succeeded' });

    const page = await (await fetch(`${sandbox.stripe.url}/demo/card-failures`)).text();
    expect(page).toContain('<label for="email">Member\'s email</label>');
    const staged = await fetch(`${sandbox.stripe.url}/demo/card-failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: 'jane@example.nz',
        code: 'insufficient_funds',
        times: '',
        action: 'stage',
      }),
    });
    expect(staged.status).toBe(200);
    expect(await staged.text()).toContain('every charge');
    for (let i = 0; i < 3; i++)
      await expect(charge(card)).rejects.toMatchObject({ decline_code: 'insufficient_funds' });
    const cleared = await fetch(`${sandbox.stripe.url}/demo/card-failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'jane@example.nz', action: 'clear' }),
    });
    expect(await cleared.text()).toContain('Nothing staged.');
    await expect(charge(card)).resolves.toMatchObject({ status: 'succeeded' });

    const refused = await fetch(`${sandbox.stripe.url}/demo/card-failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'not-an-email', code: 'lost_card', action: 'stage' }),
    });
    expect(refused.status).toBe(422);
    const http = await fetch(`${sandbox.stripe.url}/__sandbox/fail-card-charges`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'jane@example.nz', code: 'lost_card', times: 1 }),
    });
    expect(((await http.json()) as { data: unknown }).data).toEqual([
      { email: 'jane@example.nz', failure: 'lost_card', remaining: 1 },
    ]);
    await expect(charge(card)).rejects.toMatchObject({ decline_code: 'lost_card' });
  });
});
