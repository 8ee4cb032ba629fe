// Stripe Checkout in setup mode on a connected account: the session, its hosted page (the card form and
// 3-D Secure), the return to success_url with the session's id, and the SetupIntent it saved.
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../index';
import { parseForm, submit } from '../test/html-form';
import { onboardedAccount, stripeClient } from '../test/stripe-helpers';

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
const SUCCESS = 'http://join.localhost:3000/card-connected?session_id={CHECKOUT_SESSION_ID}';
const CANCEL = 'http://join.localhost:3000/choose-payment-method';

async function session() {
  const customer = await stripe.customers.create({ email: 'jane@example.nz' }, on());
  const made = await stripe.checkout.sessions.create(
    {
      mode: 'setup',
      customer: customer.id,
      allowed_payment_method_types: ['card'],
      currency: 'nzd',
      success_url: SUCCESS,
      cancel_url: CANCEL,
      setup_intent_data: { metadata: { user_id: '7' } },
    },
    on(),
  );
  return { customer: customer.id, made };
}

/** Opens the session's page and submits a card; answers where the person is sent next. */
async function enterCard(url: string, number: string) {
  const opened = await fetch(url, { redirect: 'manual' });
  expect(opened.status).toBe(303);
  const cardFormUrl = new URL(opened.headers.get('location')!);
  expect(cardFormUrl.searchParams.get('cancel_url')).toBe(CANCEL);
  const page = await (await fetch(cardFormUrl)).text();
  expect(page).toContain(`href="${CANCEL}">Back</a>`);
  const form = parseForm(page);
  const fields = form.fields.filter(([k]) => !['number', 'expiry', 'cvc'].includes(k));
  return submit(sandbox.stripe.url, { ...form, fields }, [
    ['number', number],
    ['expiry', '12 / 34'],
    ['cvc', '123'],
  ]);
}

describe('Checkout Sessions in setup mode', () => {
  it('saves a card on the hosted page and returns to success_url with the session id', async () => {
    const { customer, made } = await session();
    expect(made).toMatchObject({
      object: 'checkout.session',
      mode: 'setup',
      status: 'open',
      setup_intent: null,
    });
    expect(made.id).toMatch(/^cs_test_/);
    const saved = await enterCard(made.url!, '4242424242424242');
    const back = await fetch(new URL(saved.headers.get('location')!, sandbox.stripe.url), {
      redirect: 'manual',
    });
    expect(back.headers.get('location')).toBe(SUCCESS.replace('{CHECKOUT_SESSION_ID}', made.id));

    const done = await stripe.checkout.sessions.retrieve(
      made.id,
      { expand: ['setup_intent.payment_method'] },
      on(),
    );
    expect(done).toMatchObject({ status: 'complete', url: null, customer });
    const seti = done.setup_intent as Stripe.SetupIntent;
    expect(seti).toMatchObject({
      status: 'succeeded',
      usage: 'off_session',
      customer,
      metadata: { user_id: '7' },
    });
    expect((seti.payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242');
    expect(sandbox.controls.stripe.events(gym).map((e) => e.type)).toContain('checkout.session.completed');
    // The page once complete sends the person on again, not to a second card form.
    const again = await fetch(made.url!, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe(SUCCESS.replace('{CHECKOUT_SESSION_ID}', made.id));
  });

  it('runs 3-D Secure for 4000000000003220, and keeps a declined card on the page', async () => {
    const { made } = await session();
    const declined = await enterCard(made.url!, '4000000000009995');
    expect(declined.status).toBe(400);
    expect(await declined.text()).toContain('Your card has insufficient funds.');
    expect((await stripe.checkout.sessions.retrieve(made.id, {}, on())).status).toBe('open');

    const challenged = await enterCard(made.url!, '4000000000003220');
    const challenge = new URL(challenged.headers.get('location')!, sandbox.stripe.url);
    expect(challenge.pathname).toMatch(/^\/3ds\/setup\//);
    const passed = await submit(sandbox.stripe.url, parseForm(await (await fetch(challenge)).text()), [
      ['result', 'complete'],
    ]);
    const back = await fetch(new URL(passed.headers.get('location')!, sandbox.stripe.url), {
      redirect: 'manual',
    });
    expect(back.headers.get('location')).toContain(`session_id=${made.id}`);
    expect((await stripe.checkout.sessions.retrieve(made.id, {}, on())).status).toBe('complete');
  });

  it('refuses other modes, a missing success_url, and a session seen from another account', async () => {
    await expect(
      stripe.checkout.sessions.create({ mode: 'payment', success_url: SUCCESS }, on()),
    ).rejects.toMatchObject({ param: 'mode' });
    await expect(
      stripe.checkout.sessions.create(
        { mode: 'setup', currency: 'nzd' } as Stripe.Checkout.SessionCreateParams,
        on(),
      ),
    ).rejects.toMatchObject({ param: 'success_url' });
    await expect(
      stripe.checkout.sessions.create({ mode: 'setup', success_url: SUCCESS }, on()),
    ).rejects.toMatchObject({ param: 'currency' });
    const { made } = await session();
    await expect(stripe.checkout.sessions.retrieve(made.id)).rejects.toMatchObject({
      code: 'resource_missing',
    });
    const expired = await stripe.checkout.sessions.expire(made.id, {}, on());
    expect(expired).toMatchObject({ status: 'expired', url: null });
  });
});
