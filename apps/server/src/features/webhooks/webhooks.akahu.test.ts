// Akahu webhooks end to end: the sandbox pays, signs and delivers to the listening app; forged,
// replayed, dropped and fault-time deliveries leave the records consistent.
import { createSign, generateKeyPairSync } from 'node:crypto';
import { akahuPaymentOutcome } from '@gym/domain/provider-status';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { akahuConnections, bankAccounts } from '../../db/schema/index';
import { createTenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { applyPaymentOutcome, fetchAkahuPaymentReport } from '../billing';
import {
  bankMember,
  bankPayment,
  banksAnswer,
  callsOf,
  deliveries,
  paymentActivity,
  paymentRow,
  receiveSandboxWebhooks,
  replay,
} from './webhooks.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  await receiveSandboxWebhooks(t);
});
afterAll(() => t.close());

const updateOf = (akahuId: string) =>
  deliveries(t, 'akahu', 'PAYMENT UPDATE').find((d) => d.body.includes(akahuId))!;
const callsAbout = async (akahuId: string) =>
  (await callsOf(t, 'akahu')).filter((c) => c.eventType === 'PAYMENT:UPDATE' && c.rawBody?.includes(akahuId));

describe('POST /api/webhooks/akahu', () => {
  it('takes a signed PAYMENT UPDATE: the payment is sent once and the call recorded', async () => {
    const bank = await bankMember(t, home);
    const { paymentId, akahuId } = await bankPayment(t, bank);
    await banksAnswer(t);

    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'sent', errorStatus: null });
    const delivery = updateOf(akahuId);
    expect(delivery.status).toBe('delivered');
    const [call] = await callsAbout(akahuId);
    expect(call).toMatchObject({
      organisationId: home.organisation.id,
      eventType: 'PAYMENT:UPDATE',
      externalId: expect.stringContaining(`PAYMENT:UPDATE:${akahuId}:`),
      status: 'processed',
      signatureValid: true,
      error: null,
      payload: { item_id: akahuId, status: 'SENT' },
      rawBody: delivery.body,
    });
    expect(call!.headers).toMatchObject({
      'x-akahu-signature': '[redacted]',
      'x-akahu-signing-key': delivery.headers['X-Akahu-Signing-Key'],
    });
    expect(await paymentActivity(t, paymentId)).toMatchObject([
      {
        action: 'payment.sent',
        userId: bank.member.id,
        data: { source: 'akahu_webhook', webhook_call_id: call!.id },
      },
    ]);

    const again = await replay(t, 'akahu', delivery);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, status: 'duplicate' });
    expect((await callsAbout(akahuId)).map((c) => [c.status, c.organisationId])).toEqual([
      ['processed', home.organisation.id],
      ['duplicate', home.organisation.id],
    ]);
    expect(await paymentActivity(t, paymentId)).toHaveLength(1);
  });

  it('records a declined payment as failed with the bank’s code and words', async () => {
    const bank = await bankMember(t, home);
    t.sandbox.controls.akahu.failNextPayment(bank.accountId, 'INSUFFICIENT_FUNDS');
    const { paymentId } = await bankPayment(t, bank);
    await banksAnswer(t);
    expect(await paymentRow(t, paymentId)).toMatchObject({
      status: 'failed',
      errorStatus: 'INSUFFICIENT_FUNDS',
      errorDescription: 'There are not enough funds in the account to make this payment.',
    });
    expect(await paymentActivity(t, paymentId)).toMatchObject([
      { action: 'payment.failed', data: { failure_kind: 'soft', from_status: 'pending_request' } },
    ]);
  });

  it('refuses a forged delivery and keeps the payment; the dropped genuine one, redelivered, counts once', async () => {
    const bank = await bankMember(t, home);
    t.sandbox.controls.akahu.failNextPayment(bank.accountId, 'INSUFFICIENT_FUNDS');
    const { paymentId, akahuId } = await bankPayment(t, bank);
    t.sandbox.controls.webhooks.drop('akahu', 1);
    await banksAnswer(t);
    const dropped = updateOf(akahuId);
    expect(dropped.status).toBe('dropped');

    const forgedBody = JSON.stringify({
      ...JSON.parse(dropped.body),
      status: 'SENT',
      status_code: undefined,
    });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const signature = createSign('sha256').update(forgedBody).end().sign(privateKey, 'base64');
    const forged = await replay(t, 'akahu', {
      body: forgedBody,
      headers: {
        'content-type': 'application/json',
        'x-akahu-signature': signature,
        'x-akahu-signing-key': '1',
      },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ received: false, status: 'rejected', error: 'invalid_signature' });
    const unsigned = await replay(t, 'akahu', {
      body: forgedBody,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'pending_request' });
    expect(await callsAbout(akahuId)).toMatchObject([
      { status: 'rejected', signatureValid: false, organisationId: null, eventType: 'PAYMENT:UPDATE' },
      { status: 'rejected', error: 'invalid_signature: Missing Akahu signature headers' },
    ]);

    t.sandbox.controls.webhooks.redeliver(dropped.id);
    await t.sandbox.controls.settle();
    t.sandbox.controls.webhooks.redeliver(dropped.id);
    await t.sandbox.controls.settle();
    expect(await paymentRow(t, paymentId)).toMatchObject({
      status: 'failed',
      errorStatus: 'INSUFFICIENT_FUNDS',
    });
    expect((await callsAbout(akahuId)).map((c) => c.status)).toEqual([
      'rejected',
      'rejected',
      'processed',
      'duplicate',
    ]);
    expect(await paymentActivity(t, paymentId)).toHaveLength(1);
  });

  it("takes several members' answers arriving together, each once, one member's in order", async () => {
    // Answers that arrive together share a transaction, different members' side by side in it
    // (db/shared-transaction.ts): each payment still moves once, with its one activity entry.
    const [a, b, c] = [await bankMember(t, home), await bankMember(t, home), await bankMember(t, home)];
    t.sandbox.controls.akahu.failNextPayment(c.accountId, 'INSUFFICIENT_FUNDS');
    const made = [
      await bankPayment(t, a),
      await bankPayment(t, a),
      await bankPayment(t, b),
      await bankPayment(t, c),
    ];
    t.sandbox.controls.webhooks.drop('akahu', -1);
    await banksAnswer(t);
    t.sandbox.controls.webhooks.drop('akahu', 0);
    const updates = made.map(({ akahuId }) => updateOf(akahuId));
    expect(updates.map((d) => d.status)).toEqual(['dropped', 'dropped', 'dropped', 'dropped']);

    // Sent again all at once, as the sandbox sends a day's answers side by side.
    for (const d of updates) t.sandbox.controls.webhooks.redeliver(d.id);
    await t.sandbox.controls.settle();
    expect(updates.map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered', 'delivered']);
    // And a's first twice more beside b's, at once: duplicates, a's one after the other in its lane.
    const again = await Promise.all(
      [updates[0]!, updates[2]!, updates[0]!].map((d) => replay(t, 'akahu', d)),
    );
    expect(again.map((r) => [r.statusCode, r.json().status])).toEqual([
      [200, 'duplicate'],
      [200, 'duplicate'],
      [200, 'duplicate'],
    ]);

    const statuses = await Promise.all(made.map(({ paymentId }) => paymentRow(t, paymentId)));
    expect(statuses.map((p) => p.status)).toEqual(['sent', 'sent', 'sent', 'failed']);
    for (const { paymentId, akahuId } of made) {
      expect(await paymentActivity(t, paymentId)).toHaveLength(1);
      const calls = (await callsAbout(akahuId)).map((call) => call.status).sort();
      const duplicates = { [made[0]!.akahuId]: 2, [made[2]!.akahuId]: 1 }[akahuId] ?? 0;
      expect(calls).toEqual([...Array(duplicates).fill('duplicate'), 'processed']);
    }
  });

  it('answers 503 while Akahu cannot give its new signing key, then takes the retry', async () => {
    const bank = await bankMember(t, home);
    const { paymentId, akahuId } = await bankPayment(t, bank);
    t.sandbox.controls.akahu.rotateSigningKey();
    t.sandbox.controls.faults.inject('akahu', { status: 503, count: -1 });
    await banksAnswer(t);
    const delivery = updateOf(akahuId);
    expect(delivery.attempts.map((a) => a.statusCode)).toEqual([503]);
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'pending_request' });
    expect(await callsAbout(akahuId)).toMatchObject([
      { status: 'failed', error: expect.stringMatching(/^provider_unavailable: /), processedAt: null },
    ]);

    t.sandbox.controls.faults.clear('akahu');
    await t.sandbox.controls.advanceClock(10_000);
    await t.sandbox.controls.settle();
    expect(delivery.status).toBe('delivered');
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'sent' });
    expect((await callsAbout(akahuId)).map((c) => c.status)).toEqual(['failed', 'processed']);
    expect(await paymentActivity(t, paymentId)).toHaveLength(1);
  });

  it('ends the member’s connection on TOKEN DELETE and stops their bank accounts', async () => {
    const bank = await bankMember(t, home);
    await t.providers.akahu().revoke(bank.userToken);
    await t.sandbox.controls.settle();

    const [connection] = await t.db
      .select()
      .from(akahuConnections)
      .where(eq(akahuConnections.id, bank.connectionId));
    expect(connection!.revokedAt).toBeInstanceOf(Date);
    const [account] = await t.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.paymentTypeId, bank.paymentTypeId));
    expect(account!.status).toBe('INACTIVE');
    const calls = (await callsOf(t, 'akahu')).filter((c) => c.rawBody?.includes(`user_${bank.member.id}"`));
    expect(calls.map((c) => [c.eventType, c.status, c.error, c.organisationId])).toEqual(
      expect.arrayContaining([
        ['TOKEN:DELETE', 'processed', null, home.organisation.id],
        ['PAYMENT:WEBHOOK_CANCELLED', 'processed', 'event type not acted on', home.organisation.id],
      ]),
    );
  });

  it('takes an update about a payment we hold no record of, with a note', async () => {
    const bank = await bankMember(t, home);
    const made = await t.providers.akahu().makePayment({
      userToken: bank.userToken,
      fromAccountId: bank.accountId,
      amountCents: 500,
      to: { name: 'Sandbox Gym', accountNumber: '12-3140-0123456-00' },
      idempotencyKey: `made-elsewhere-${bank.member.id}`,
    });
    await banksAnswer(t);
    expect(await callsAbout(made.id)).toMatchObject([
      { status: 'processed', error: 'no matching record', organisationId: home.organisation.id },
    ]);
  });
});

describe('asking Akahu where a payment is (what the poller of missed webhooks reuses)', () => {
  it('fetches the payment with the member’s token and applies it as a webhook would', async () => {
    const bank = await bankMember(t, home);
    const { paymentId, akahuId } = await bankPayment(t, bank);
    t.sandbox.controls.webhooks.drop('akahu', -1);
    await banksAnswer(t);
    t.sandbox.controls.webhooks.drop('akahu', 0);
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'pending_request' });

    const report = await fetchAkahuPaymentReport(t, { ...bank, userId: bank.member.id, akahuId });
    expect(report).toEqual({ status: 'SENT', statusCode: null, statusText: null });
    const note = await t.db.transaction((tx) =>
      applyPaymentOutcome(tx, bank.organisationId, { akahuId }, akahuPaymentOutcome(report!), {
        source: 'akahu_poll',
        now: t.clock.now(),
      }),
    );
    expect(note).toBeNull();
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'sent' });
    expect(await paymentActivity(t, paymentId)).toMatchObject([{ data: { source: 'akahu_poll' } }]);
  });
});

describe('Akahu signing key ids', () => {
  it('refuses a key id that cannot be Akahu’s, or one Akahu does not know (asked for once)', async () => {
    const body = JSON.stringify({ webhook_type: 'PAYMENT', webhook_code: 'UPDATE', item_id: 'payment_x' });
    for (const keyId of ['../../etc/passwd', '1e9', '-1', '987654321', '987654321']) {
      const odd = await replay(t, 'akahu', {
        body,
        headers: {
          'content-type': 'application/json',
          'x-akahu-signature': 'c2ln',
          'x-akahu-signing-key': keyId,
        },
      });
      expect(odd.statusCode, keyId).toBe(401);
      expect(odd.json(), keyId).toMatchObject({ status: 'rejected', error: 'invalid_signature' });
    }
  });
});
