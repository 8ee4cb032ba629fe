// Webhook signatures verified by the SDK's own validateWebhook (valid, forged, superseded key),
// delivery retries with back-off, and the drop/delay controls.
import { createSign, generateKeyPairSync } from 'node:crypto';
import type { AkahuClient } from 'akahu';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../index';
import { akahuClient, connectUser } from '../test/akahu-helpers';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';

let sandbox: RunningSandbox;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sandbox = await startSandbox({ webhookTargets: { akahu: receiver.url }, akahuPaymentDelayMs: 1_000 });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});
beforeEach(() => {
  sandbox.controls.reset();
  receiver.clear();
});

const TO = { name: 'Sandbox Gym', account_number: '12-3140-0123456-00' };

async function paymentWebhook(akahu: AkahuClient) {
  const { token, accounts } = await connectUser(sandbox, akahu);
  await akahu.webhooks.subscribe(token, { webhook_type: 'PAYMENT', state: 's' });
  const payment = await akahu.payments.create(token, { from: accounts[0]!._id, amount: 5, to: TO });
  return { token, payment };
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0]! : value!);

describe('webhook signatures', () => {
  it('verify with akahu.webhooks.validateWebhook (key fetched from /v1/keys/{id})', async () => {
    const akahu = akahuClient(sandbox);
    const { payment } = await paymentWebhook(akahu);
    await sandbox.controls.advanceClock(1_000);
    const hook = receiver.received[0]!;
    const payload = await akahu.webhooks.validateWebhook(
      header(hook.headers['x-akahu-signing-key']),
      header(hook.headers['x-akahu-signature']),
      hook.body,
    );
    expect(payload).toMatchObject({
      webhook_type: 'PAYMENT',
      webhook_code: 'UPDATE',
      item_id: payment._id,
      status: 'SENT',
    });
  });

  it('reject a forged body or a signature from another key', async () => {
    const akahu = akahuClient(sandbox);
    await paymentWebhook(akahu);
    await sandbox.controls.advanceClock(1_000);
    const hook = receiver.received[0]!;
    const keyId = header(hook.headers['x-akahu-signing-key']);
    const forgedBody = hook.body.replace('SENT', 'DECLINED');
    await expect(
      akahu.webhooks.validateWebhook(keyId, header(hook.headers['x-akahu-signature']), forgedBody),
    ).rejects.toThrow('Webhook signature verificaton failed.');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const attacker = createSign('sha256').update(hook.body).end().sign(privateKey, 'base64');
    await expect(akahu.webhooks.validateWebhook(keyId, attacker, hook.body)).rejects.toMatchObject({
      isAkahuError: true,
    });
  });

  it('reject a replay signed with a superseded key once the new key is known', async () => {
    const akahu = akahuClient(sandbox);
    const { token } = await paymentWebhook(akahu);
    await sandbox.controls.advanceClock(1_000);
    const old = receiver.received[0]!;
    await akahu.webhooks.validateWebhook(
      header(old.headers['x-akahu-signing-key']),
      header(old.headers['x-akahu-signature']),
      old.body,
    );

    const newKey = sandbox.controls.akahu.rotateSigningKey();
    const [account] = await akahu.accounts.list(token);
    await akahu.payments.create(token, { from: account!._id, amount: 5, to: TO });
    await sandbox.controls.advanceClock(1_000);
    const fresh = receiver.received.find((r) => header(r.headers['x-akahu-signing-key']) === String(newKey))!;
    await akahu.webhooks.validateWebhook(
      String(newKey),
      header(fresh.headers['x-akahu-signature']),
      fresh.body,
    );

    await expect(
      akahu.webhooks.validateWebhook(
        header(old.headers['x-akahu-signing-key']),
        header(old.headers['x-akahu-signature']),
        old.body,
      ),
    ).rejects.toThrow(/has expired/);
  });
});

describe('webhook delivery', () => {
  it('retries a failed delivery with back-off on the simulated clock', async () => {
    const akahu = akahuClient(sandbox);
    const { token } = await connectUser(sandbox, akahu);
    await akahu.webhooks.subscribe(token, { webhook_type: 'TOKEN', state: 's' });
    receiver.respondWith(500, 503);
    await akahu.auth.revoke(token);
    await sandbox.controls.settle();
    const [delivery] = sandbox.controls.webhooks.list('akahu');
    expect(delivery).toMatchObject({ status: 'pending', eventType: 'TOKEN DELETE' });
    expect(delivery!.attempts.map((a) => a.statusCode)).toEqual([500]);
    await sandbox.controls.advanceClock(10_000);
    expect(delivery!.attempts.map((a) => a.statusCode)).toEqual([500, 503]);
    await sandbox.controls.advanceClock(60_000);
    expect(delivery).toMatchObject({ status: 'delivered' });
    expect(delivery!.attempts.map((a) => a.statusCode)).toEqual([500, 503, 200]);
    expect(receiver.received).toHaveLength(1);
  });

  it('drops deliveries when told to, so the product has to poll', async () => {
    const akahu = akahuClient(sandbox);
    sandbox.controls.webhooks.drop('akahu', -1);
    const { token, payment } = await paymentWebhook(akahu);
    await sandbox.controls.advanceClock(10_000);
    expect(receiver.received).toHaveLength(0);
    expect(sandbox.controls.webhooks.list('akahu').every((d) => d.status === 'dropped')).toBe(true);
    expect((await akahu.payments.get(token, payment._id)).status).toBe('SENT');
  });

  it('delays deliveries by simulated time', async () => {
    const akahu = akahuClient(sandbox);
    sandbox.controls.webhooks.delay('akahu', 30_000);
    await paymentWebhook(akahu);
    await sandbox.controls.advanceClock(1_000);
    expect(receiver.received).toHaveLength(0);
    await sandbox.controls.advanceClock(30_000);
    expect(receiver.received.length).toBeGreaterThan(0);
  });
});
