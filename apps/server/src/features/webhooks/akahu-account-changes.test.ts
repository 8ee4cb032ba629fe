// Akahu ACCOUNT MIGRATE and DELETE from the sandbox's bank: the member's bank account follows a new
// account id, and an account deleted at the bank stops paying as revoked consent does (the next charge
// fails hard, CONSENT_REVOKED, which sends a member with a membership the link to fix their payment).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, bankAccounts, payments } from '../../db/schema/index';
import { createTenant, unique } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sendAttempt } from '../billing';
import { bankMember, deliveries, receiveSandboxWebhooks } from './webhooks.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  await receiveSandboxWebhooks(t);
});
afterAll(() => t.close());

const bankRow = async (paymentTypeId: number) =>
  (await t.db.select().from(bankAccounts).where(eq(bankAccounts.paymentTypeId, paymentTypeId)))[0]!;
const actions = async (userId: number) =>
  (
    await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.userId, userId)))
  ).map((a) => a.action);

describe('Akahu ACCOUNT webhooks', () => {
  it('MIGRATE: the bank account follows the new id, and payments are made from it', async () => {
    const bank = await bankMember(t, home);
    const newId = t.sandbox.controls.akahu.migrateAccount(bank.accountId);
    await t.sandbox.controls.settle();
    expect(deliveries(t, 'akahu', 'ACCOUNT MIGRATE').at(-1)?.body).toContain(`"new_item_id":"${newId}"`);
    expect(await bankRow(bank.paymentTypeId)).toMatchObject({ akahuAccountId: newId, status: 'ACTIVE' });
    expect(await actions(bank.member.id)).toContain('bank_account.migrated');
    const made = await t.providers.akahu().makePayment({
      userToken: bank.userToken,
      fromAccountId: newId,
      amountCents: 2590,
      to: { name: 'Sandbox Gym', accountNumber: '12-3140-0123456-00' },
      idempotencyKey: unique('after-migrate'),
    });
    expect(made.id).toBeTruthy();
  });

  it('DELETE: the account stops paying, like revoked consent: the next charge fails hard (CONSENT_REVOKED)', async () => {
    const bank = await bankMember(t, home);
    t.sandbox.controls.akahu.deleteAccount(bank.accountId);
    await t.sandbox.controls.settle();
    expect(await bankRow(bank.paymentTypeId)).toMatchObject({ status: 'INACTIVE' });
    expect(await actions(bank.member.id)).toContain('bank_account.deleted_at_bank');

    const [attempt] = await t.db
      .insert(payments)
      .values({
        organisationId: bank.organisationId,
        gymId: bank.gymId,
        userId: bank.member.id,
        paymentTypeId: bank.paymentTypeId,
        type: 'bank_account',
        amount: 2590,
        status: 'pending_request',
        idempotencyKey: unique('attempt'),
      })
      .returning();
    expect(await sendAttempt(t, { organisationId: attempt!.organisationId, paymentId: attempt!.id })).toBe(
      'answered',
    );
    const [failed] = await t.db.select().from(payments).where(eq(payments.id, attempt!.id));
    expect(failed).toMatchObject({ status: 'failed', errorStatus: 'CONSENT_REVOKED' });
  });

  it('notes an event about an account no member pays from', async () => {
    const bank = await bankMember(t, home);
    await t.db
      .update(bankAccounts)
      .set({ akahuAccountId: 'acc_elsewhere' })
      .where(eq(bankAccounts.paymentTypeId, bank.paymentTypeId));
    t.sandbox.controls.akahu.deleteAccount(bank.accountId);
    await t.sandbox.controls.settle();
    expect(await bankRow(bank.paymentTypeId)).toMatchObject({ status: 'ACTIVE' });
  });
});
