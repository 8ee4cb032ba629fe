// Connect onboarding with Account Links through the official `stripe` SDK, plus credential errors.
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../index';
import { parseForm, submit } from '../test/html-form';
import { onboardedAccount, stripeClient } from '../test/stripe-helpers';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';

let sandbox: RunningSandbox;
let receiver: WebhookReceiver;
let stripe: Stripe;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sandbox = await startSandbox({
    webhookTargets: { stripe: receiver.url },
    stripeWebhookSecret: 'whsec_connect_test',
  });
  stripe = stripeClient(sandbox);
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});
beforeEach(() => {
  sandbox.controls.reset();
  receiver.clear();
});

const CALLBACK = 'http://localhost:3000/stripe/callback';

async function newLink() {
  const account = await stripe.accounts.create({ type: 'standard', country: 'NZ', email: 'gym@example.nz' });
  const link = await stripe.accountLinks.create({
    account: account.id,
    type: 'account_onboarding',
    refresh_url: `${CALLBACK}?refresh=1`,
    return_url: CALLBACK,
  });
  return { account, link };
}

describe('Connect onboarding (accounts + account links)', () => {
  it('creates a restricted account and a link to the hosted onboarding page', async () => {
    const { account, link } = await newLink();
    expect(account).toMatchObject({
      object: 'account',
      charges_enabled: false,
      details_submitted: false,
      country: 'NZ',
    });
    expect(account.id).toMatch(/^acct_/);
    expect(link.object).toBe('account_link');
    expect(link.url.startsWith(`${sandbox.stripe.url}/connect/onboarding/`)).toBe(true);
    expect(link.expires_at - link.created).toBe(300);
    const page = await (await fetch(link.url)).text();
    expect(page).toContain('<label for="business_name">Business name</label>');
  });

  it('finishing the page enables charges, sends account.updated and returns to the platform', async () => {
    const { account, link } = await newLink();
    const form = parseForm(await (await fetch(link.url)).text());
    const response = await submit(sandbox.stripe.url, form, [['action', 'complete']]);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(CALLBACK);
    const after = await stripe.accounts.retrieve(account.id);
    expect(after).toMatchObject({ charges_enabled: true, details_submitted: true, payouts_enabled: true });
    expect(after.capabilities?.card_payments).toBe('active');

    await sandbox.controls.settle();
    const hook = receiver.received.find((r) => r.json.type === 'account.updated')!;
    const event = stripe.webhooks.constructEvent(
      hook.body,
      hook.headers['stripe-signature'] as string,
      'whsec_connect_test',
    );
    expect(event).toMatchObject({ type: 'account.updated', account: account.id });
    expect((event.data.object as Stripe.Account).charges_enabled).toBe(true);
    expect(event.data.previous_attributes).toMatchObject({ charges_enabled: false });
  });

  it('leaving early returns without enabling; used or expired links go to refresh_url', async () => {
    const { account, link } = await newLink();
    const form = parseForm(await (await fetch(link.url)).text());
    const left = await submit(sandbox.stripe.url, form, [['action', 'exit']]);
    expect(left.headers.get('location')).toBe(CALLBACK);
    expect((await stripe.accounts.retrieve(account.id)).charges_enabled).toBe(false);
    const reused = await fetch(link.url, { redirect: 'manual' });
    expect(reused.headers.get('location')).toBe(`${CALLBACK}?refresh=1`);

    const fresh = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: `${CALLBACK}?refresh=1`,
      return_url: CALLBACK,
    });
    await sandbox.controls.advanceClock(301_000);
    expect((await fetch(fresh.url, { redirect: 'manual' })).headers.get('location')).toBe(
      `${CALLBACK}?refresh=1`,
    );
  });

  it('refuses charges on an account that has not finished onboarding', async () => {
    const { account } = await newLink();
    await expect(
      stripe.paymentIntents.create(
        { amount: 1000, currency: 'nzd', payment_method: 'pm_card_visa', confirm: true, off_session: true },
        { stripeAccount: account.id },
      ),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });
});

describe('credentials and scoping', () => {
  it('rejects a bad key (StripeAuthenticationError) and an unknown Stripe-Account (StripePermissionError)', async () => {
    const bad = stripeClient(sandbox, { key: 'sk_test_wrong' });
    await expect(bad.customers.create({ email: 'a@b.nz' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await expect(
      stripe.customers.create({}, { stripeAccount: 'acct_1NotAnAccount000' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripePermissionError);
    const publishable = stripeClient(sandbox, { key: 'pk_test_sandbox' });
    await expect(publishable.customers.create({})).rejects.toMatchObject({ statusCode: 401 });
  });

  it('keeps objects on the account they were made on', async () => {
    const gymA = await onboardedAccount(sandbox, stripe, 'Gym A');
    const gymB = await onboardedAccount(sandbox, stripe, 'Gym B');
    const customer = await stripe.customers.create({ email: 'm@example.nz' }, { stripeAccount: gymA });
    await expect(stripe.customers.retrieve(customer.id, {}, { stripeAccount: gymB })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
    await expect(stripe.customers.retrieve(customer.id)).rejects.toMatchObject({ code: 'resource_missing' });
  });

  it('answers unknown routes in the Stripe error shape', async () => {
    const response = await fetch(`${sandbox.stripe.url}/v1/nothing_here`, {
      headers: { authorization: 'Bearer sk_test_sandbox' },
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });
});
