// Webhooks signed as Stripe signs them, checked with the SDK's constructEvent: valid, forged, stale.
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../index';
import { onboardedAccount, saveCardWithForm, stripeClient } from '../test/stripe-helpers';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';

const SECRET = 'whsec_test_secret_123';
let sandbox: RunningSandbox;
let receiver: WebhookReceiver;
let stripe: Stripe;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sandbox = await startSandbox({ webhookTargets: { stripe: receiver.url }, stripeWebhookSecret: SECRET });
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

async function deliveredEvent(type: string) {
  await sandbox.controls.settle();
  const hook = receiver.received.find((r) => r.json.type === type);
  if (!hook) throw new Error(`no ${type} among ${receiver.received.map((r) => r.json.type).join(', ')}`);
  return { body: hook.body, signature: hook.headers['stripe-signature'] as string };
}

describe('Stripe webhooks', () => {
  it('sends the listed events, each verifiable with constructEvent', async () => {
    const gym = await onboardedAccount(sandbox, stripe);
    const customer = await stripe.customers.create({ email: 'a@b.nz' }, { stripeAccount: gym });
    await saveCardWithForm(sandbox, stripe, gym, customer.id, '4242424242424242');
    const ok = await stripe.paymentIntents.create(
      {
        amount: 2000,
        currency: 'nzd',
        customer: customer.id,
        payment_method: 'pm_card_visa',
        confirm: true,
        off_session: true,
      },
      { stripeAccount: gym },
    );
    await stripe.paymentIntents
      .create(
        {
          amount: 2000,
          currency: 'nzd',
          payment_method: 'pm_card_chargeDeclined',
          confirm: true,
          off_session: true,
        },
        { stripeAccount: gym },
      )
      .catch(() => undefined);
    await stripe.refunds.create({ payment_intent: ok.id }, { stripeAccount: gym });

    for (const type of [
      'account.updated',
      'setup_intent.succeeded',
      'payment_intent.succeeded',
      'payment_intent.payment_failed',
      'charge.refunded',
    ]) {
      const { body, signature } = await deliveredEvent(type);
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const event = stripe.webhooks.constructEvent(body, signature, SECRET);
      expect(event.type).toBe(type);
      expect(event.account).toBe(gym);
      expect(event.id).toMatch(/^evt_/);
    }
  });

  it('refuses a forged signature or a tampered body', async () => {
    await onboardedAccount(sandbox, stripe);
    const { body, signature } = await deliveredEvent('account.updated');
    expect(() => stripe.webhooks.constructEvent(body, signature, 'whsec_someone_else')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() =>
      stripe.webhooks.constructEvent(
        body.replace('"charges_enabled": true', '"charges_enabled": false'),
        signature,
        SECRET,
      ),
    ).toThrow(/No signatures found matching the expected signature/);
  });

  it('refuses a stale (replayed) delivery outside the tolerance', async () => {
    await onboardedAccount(sandbox, stripe);
    const { body, signature } = await deliveredEvent('account.updated');
    const signedAt = Number(/t=(\d+)/.exec(signature)![1]) * 1000;
    expect(() =>
      stripe.webhooks.constructEvent(body, signature, SECRET, 300, undefined, signedAt + 299_000),
    ).not.toThrow();
    expect(() =>
      stripe.webhooks.constructEvent(body, signature, SECRET, 300, undefined, signedAt + 301_000),
    ).toThrow('Timestamp outside the tolerance zone');
  });

  it('signs each retry afresh and lists deliveries', async () => {
    receiver.respondWith(500);
    await onboardedAccount(sandbox, stripe);
    await sandbox.controls.settle();
    await sandbox.controls.advanceClock(10_000);
    const delivery = sandbox.controls.webhooks.list('stripe').find((d) => d.eventType === 'account.updated')!;
    expect(delivery.status).toBe('delivered');
    expect(delivery.attempts.map((a) => a.statusCode)).toEqual([500, 200]);
    const { body, signature } = await deliveredEvent('account.updated');
    expect(Number(/t=(\d+)/.exec(signature)![1]) * 1000).toBe(
      Math.floor(Date.parse(delivery.attempts[1]!.at) / 1000) * 1000,
    );
    expect(
      stripe.webhooks.constructEvent(
        body,
        signature,
        SECRET,
        300,
        undefined,
        Date.parse(delivery.attempts[1]!.at),
      ).type,
    ).toBe('account.updated');
  });
});
