// Payments through each status with the official SDK: READY → SENT / DECLINED / ERROR / CANCELLED,
// idempotency keys, request validation, and PAYMENT webhooks.
import type { AkahuClient, Payment } from 'akahu';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../index';
import { akahuClient, connectUser } from '../test/akahu-helpers';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';

let sandbox: RunningSandbox;
let receiver: WebhookReceiver;
let akahu: AkahuClient;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sandbox = await startSandbox({ webhookTargets: { akahu: receiver.url }, akahuPaymentDelayMs: 60_000 });
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

const GYM_ACCOUNT = { name: 'Sandbox Gym Ltd', account_number: '12-3140-0123456-00' };

async function payer(accounts?: string[]) {
  const user = await connectUser(sandbox, akahu, accounts);
  await akahu.webhooks.subscribe(user.token, { webhook_type: 'PAYMENT', state: 'gym-7' });
  return user;
}

function pay(token: string, from: string, amount: number, key?: string): Promise<Payment> {
  return akahu.payments.create(
    token,
    {
      from,
      amount,
      to: GYM_ACCOUNT,
      meta: {
        source: { reference: 'GYM FEES' },
        destination: { particulars: 'Jane Member', code: 'WEEKLY', reference: 'SUB123' },
      },
    },
    key ? { idempotencyKey: key } : undefined,
  );
}

const updates = () => receiver.received.map((r) => r.json).filter((j) => j.webhook_code === 'UPDATE');

describe('payments', () => {
  it('starts READY and is SENT after the delay, with timeline, sid and webhooks', async () => {
    const { token, accounts } = await payer();
    const created = await pay(token, accounts[0]!._id, 24.5);
    expect(created).toMatchObject({ status: 'READY', final: false, amount: 24.5, to: GYM_ACCOUNT });
    expect(created._id).toMatch(/^payment_/);
    expect(created.sid).toMatch(/^akahu/);
    expect(created.meta.destination).toEqual({
      particulars: 'Jane Member',
      code: 'WEEKLY',
      reference: 'SUB123',
    });

    await sandbox.controls.advanceClock(59_000);
    expect((await akahu.payments.get(token, created._id)).status).toBe('READY');
    await sandbox.controls.advanceClock(1_000);
    const sent = await akahu.payments.get(token, created._id);
    expect(sent).toMatchObject({ status: 'SENT', final: true });
    expect(sent.timeline.map((t) => t.status)).toEqual(['READY', 'SENT']);
    expect(updates()).toEqual([
      {
        webhook_type: 'PAYMENT',
        webhook_code: 'UPDATE',
        state: 'gym-7',
        item_id: created._id,
        status: 'SENT',
      },
    ]);
    await sandbox.controls.advanceClock(5_000);
    const received = receiver.received.map((r) => r.json).find((j) => j.webhook_code === 'RECEIVED');
    expect(received).toMatchObject({ webhook_type: 'PAYMENT', item_id: created._id });
    expect((await akahu.payments.list(token)).map((p) => p._id)).toEqual([created._id]);
    expect((await akahu.accounts.get(token, accounts[0]!._id)).balance?.available).toBe(2475.5);
  });

  it('declines with INSUFFICIENT_FUNDS when the account cannot cover it', async () => {
    const { token, accounts } = await payer(['low']);
    const created = await pay(token, accounts[0]!._id, 10);
    await sandbox.controls.advanceClock(60_000);
    expect(await akahu.payments.get(token, created._id)).toMatchObject({
      status: 'DECLINED',
      status_code: 'INSUFFICIENT_FUNDS',
      final: true,
    });
    expect(updates()[0]).toMatchObject({ status: 'DECLINED', status_code: 'INSUFFICIENT_FUNDS' });
  });

  it.each([
    ['INVALID_ACCOUNT', 'DECLINED'],
    ['BANK_ERROR', 'ERROR'],
    ['AFTER_HOURS', 'ERROR'],
    ['USER_CANCELLED', 'CANCELLED'],
  ] as const)('fails the next payment with %s (%s) when told to', async (code, status) => {
    const { token, accounts } = await payer();
    sandbox.controls.akahu.failNextPayment(accounts[0]!._id, code);
    const failed = await pay(token, accounts[0]!._id, 20);
    const next = await pay(token, accounts[0]!._id, 20);
    await sandbox.controls.advanceClock(60_000);
    const result = await akahu.payments.get(token, failed._id);
    expect(result).toMatchObject({ status, status_code: code, final: true });
    expect(result.status_text).toEqual(expect.any(String));
    expect((await akahu.payments.get(token, next._id)).status).toBe('SENT');
  });

  it('waits in PENDING_APPROVAL until resolved or cancelled', async () => {
    const { token, accounts } = await payer();
    sandbox.controls.akahu.failNextPayment(accounts[0]!._id, { status: 'PENDING_APPROVAL' });
    const held = await pay(token, accounts[0]!._id, 20);
    await sandbox.controls.advanceClock(60_000);
    expect(await akahu.payments.get(token, held._id)).toMatchObject({
      status: 'PENDING_APPROVAL',
      final: false,
    });
    await akahu.payments.cancel(token, held._id);
    expect(await akahu.payments.get(token, held._id)).toMatchObject({
      status: 'CANCELLED',
      status_code: 'APP_CANCELLED',
    });
  });

  it('ends in ERROR AUTHENTICATION_FAILED when the consent has expired (account INACTIVE)', async () => {
    const { token, accounts } = await payer();
    await akahu.webhooks.subscribe(token, { webhook_type: 'ACCOUNT', state: 'gym-7' });
    sandbox.controls.akahu.expireConsent(token);
    const created = await pay(token, accounts[0]!._id, 20);
    await sandbox.controls.advanceClock(60_000);
    expect((await akahu.accounts.get(token, accounts[0]!._id)).status).toBe('INACTIVE');
    expect(await akahu.payments.get(token, created._id)).toMatchObject({
      status: 'ERROR',
      status_code: 'AUTHENTICATION_FAILED',
    });
    expect(receiver.received.map((r) => r.json)).toContainEqual({
      webhook_type: 'ACCOUNT',
      webhook_code: 'UPDATE',
      state: 'gym-7',
      item_id: accounts[0]!._id,
      updated_fields: ['status'],
    });
  });

  it('never creates two payments for one Idempotency-Key', async () => {
    const { token, accounts } = await payer();
    const first = await pay(token, accounts[0]!._id, 30, 'charge-sub-1-2026-01-05');
    const again = await pay(token, accounts[0]!._id, 30, 'charge-sub-1-2026-01-05');
    expect(again._id).toBe(first._id);
    expect(await akahu.payments.list(token)).toHaveLength(1);
    await expect(pay(token, accounts[0]!._id, 31, 'charge-sub-1-2026-01-05')).rejects.toMatchObject({
      status: 409,
    });
  });

  it('validates the request like the API', async () => {
    const { token, accounts } = await payer(['everyday', 'savings']);
    const from = accounts.find((a) => a.type === 'CHECKING')!._id;
    const bad = (body: object) =>
      akahu.payments.create(token, { from, amount: 10, to: GYM_ACCOUNT, ...body });
    await expect(bad({ amount: 10.001 })).rejects.toMatchObject({ status: 400 });
    await expect(bad({ to: { name: 'Gym', account_number: '123' } })).rejects.toMatchObject({
      status: 400,
      message: 'payload.to.account_number must be a valid NZ bank account number',
    });
    await expect(bad({ meta: { destination: { reference: 'THIS IS TOO LONG' } } })).rejects.toMatchObject({
      status: 400,
    });
    await expect(bad({ from: accounts.find((a) => a.type === 'SAVINGS')!._id })).rejects.toMatchObject({
      status: 400,
    });
    await expect(bad({ from: 'acc_notmine' })).rejects.toMatchObject({ status: 400 });
  });
});
