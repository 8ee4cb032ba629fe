// The consent page's demo accounts behave as documented (README, "Staging a failure"), so anyone can
// stage a failure: every third payment declining, a bank answering days late, a bank that never sends
// a webhook, and a consent revoked after the first payment. Driven with the official SDK.
import type { AkahuClient } from 'akahu';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../index';
import { akahuClient, connectUser } from '../test/akahu-helpers';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';

let sandbox: RunningSandbox;
let receiver: WebhookReceiver;
let akahu: AkahuClient;
const DELAY = 1_000;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sandbox = await startSandbox({ webhookTargets: { akahu: receiver.url }, akahuPaymentDelayMs: DELAY });
  akahu = akahuClient(sandbox);
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});
beforeEach(() => {
  sandbox.controls.reset();
  receiver.clear();
});

const TO = { name: 'Sandbox Gym Ltd', account_number: '12-3140-0123456-00' };

async function payer(key: string) {
  const user = await connectUser(sandbox, akahu, [key]);
  await akahu.webhooks.subscribe(user.token, { webhook_type: 'PAYMENT', state: 'gym-7' });
  return { token: user.token, from: user.accounts[0]!._id };
}

async function payAndAnswer(token: string, from: string) {
  const made = await akahu.payments.create(token, { from, amount: 19.99, to: TO });
  await sandbox.controls.advanceClock(DELAY);
  await sandbox.controls.settle();
  return sandbox.controls.akahu.payment(made._id)!;
}

describe('demo account behaviours', () => {
  it('"Every Third": the third and sixth payments decline for insufficient funds', async () => {
    const { token, from } = await payer('third');
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await payAndAnswer(token, from)).status_code ?? 'SENT');
    expect(statuses).toEqual(['SENT', 'SENT', 'INSUFFICIENT_FUNDS', 'SENT', 'SENT', 'INSUFFICIENT_FUNDS']);
  });

  it('"Slow Clearing": a payment stays pending for three days, then is sent', async () => {
    const { token, from } = await payer('slow');
    const made = await akahu.payments.create(token, { from, amount: 19.99, to: TO });
    await sandbox.controls.advanceClock(2 * 86_400_000);
    expect(sandbox.controls.akahu.payment(made._id)?.status).toBe('READY');
    await sandbox.controls.advanceClock(86_400_000);
    expect(sandbox.controls.akahu.payment(made._id)?.status).toBe('SENT');
  });

  it('"Quiet": the payment is sent, but no webhook says so; asking does', async () => {
    const { token, from } = await payer('quiet');
    const paid = await payAndAnswer(token, from);
    expect(paid.status).toBe('SENT');
    expect((await akahu.payments.get(token, paid._id)).status).toBe('SENT');
    expect(receiver.received.filter((r) => r.json.webhook_type === 'PAYMENT')).toEqual([]);
  });

  it('"Short Consent": the first payment goes through, then the consent is revoked', async () => {
    const { token, from } = await payer('once');
    expect((await payAndAnswer(token, from)).status).toBe('SENT');
    await expect(akahu.accounts.list(token)).rejects.toThrow();
    // The app hears that its PAYMENT webhook is gone with the consent.
    await sandbox.controls.settle();
    expect(receiver.received.map((r) => r.json.webhook_code)).toContain('WEBHOOK_CANCELLED');
  });
});
