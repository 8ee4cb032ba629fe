// The nightly reconciliation on a real database against the simulators' own ledgers: an answer we never
// heard is applied, a disagreement is written down once, and a Stripe payment carrying our key that we do
// not hold is found.
import { addDays, type CalendarDate, todayInAuckland } from '@gym/domain/calendar-date';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, gyms, payments } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createTenant } from '../../test/factories';
import { createDestinationAccount } from '../../test/gym-factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bankMember, receiveSandboxWebhooks } from '../webhooks/webhooks.test-support';
import { PAYMENT_KEY_METADATA } from './attempts.service';
import { billingDeps } from './billing.test-support';
import { runBillingDay } from './billing-run.service';
import { DRIFT_ACTION, reconcile } from './reconciliation.service';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await createTestApp();
  await receiveSandboxWebhooks(t);
  tenant = await createTenant(t.db);
  await createDestinationAccount(t.db, { organisationId: tenant.organisation.id, gymId: tenant.gymA.id });
}, 60_000);
afterAll(() => t.close());

const deps = () => billingDeps(t);
const today = () => todayInAuckland(t.clock.now());

/** A bank member charged today by the day's run; answers whatever the bank answers. */
async function chargedToday() {
  const bank = await bankMember(t, tenant);
  const offering = await createOffering(t.db, {
    organisationId: tenant.organisation.id,
    allGymsAccess: true,
  });
  const price = await createPrice(t.db, {
    organisationId: tenant.organisation.id,
    offeringId: offering.id,
    amount: 3100,
    billingFrequency: 'weekly',
  });
  const day = today();
  const sub = await createSubscription(t.db, {
    organisationId: tenant.organisation.id,
    gymId: tenant.gymA.id,
    userId: bank.member.id,
    priceId: price.id,
    paymentTypeId: bank.paymentTypeId,
    startDate: day,
    anchorDay: Number(day.slice(8)),
  });
  await runBillingDay(deps(), day);
  const [payment] = await t.db.select().from(payments).where(eq(payments.subscriptionId, sub.id));
  return { payment: payment!, day };
}

const driftOf = (subjectType: string, subjectId: number) =>
  t.db
    .select()
    .from(activityLog)
    .where(
      and(
        eq(activityLog.action, DRIFT_ACTION),
        eq(activityLog.subjectType, subjectType),
        eq(activityLog.subjectId, subjectId),
      ),
    );

/** The next day's reconciliation (it looks at the day before). */
const reconcileAfter = (day: CalendarDate) => reconcile(deps(), addDays(day, 1));

describe('the nightly reconciliation', () => {
  it('applies an answer we never heard, and says so', async () => {
    t.sandbox.controls.webhooks.drop('akahu', -1);
    try {
      const { payment, day } = await chargedToday();
      await t.sandbox.controls.settle();
      await t.sandbox.controls.advanceClock(60_000);
      expect((await t.db.select().from(payments).where(eq(payments.id, payment.id)))[0]!.status).toBe(
        'pending_request',
      );
      const summary = await reconcileAfter(day);
      expect(summary.drift).toBeGreaterThanOrEqual(1);
      const [row] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
      expect(row!.status).toBe('sent');
      const drift = await driftOf('payment', payment.id);
      expect(drift.map((d) => (d.data as { kind: string }).kind)).toEqual(['answered_late']);
    } finally {
      t.sandbox.controls.webhooks.drop('akahu', 0);
    }
  });

  it('writes a disagreement down once, however often it runs, and changes nothing', async () => {
    const { payment, day } = await chargedToday();
    await t.sandbox.controls.settle();
    await t.sandbox.controls.advanceClock(60_000);
    const [sent] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(sent!.status).toBe('sent');
    // Our books wrongly say it failed: the bank says it was paid.
    await t.db
      .update(payments)
      .set({ status: 'failed', errorStatus: 'BANK_ERROR', errorDescription: 'test' })
      .where(eq(payments.id, payment.id));
    await reconcileAfter(day);
    await reconcileAfter(day);
    const drift = await driftOf('payment', payment.id);
    expect(drift).toHaveLength(1);
    expect(drift[0]!.data).toMatchObject({ kind: 'status_differs', ours: 'failed', theirs: 'sent' });
    const [after] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after!.status).toBe('failed');
  });

  it('finds a Stripe payment that carries our key but that we do not hold', async () => {
    const { accountId } = await t.providers.stripe.createConnectedAccount({ businessName: 'Recon Gym' });
    t.sandbox.controls.stripe.completeOnboarding(accountId);
    await t.db.update(gyms).set({ stripeId: accountId }).where(eq(gyms.id, tenant.gymB.id));
    const customer = await t.providers.stripe.createCustomer({
      accountId,
      email: 'stray@example.nz',
      name: 'Stray Payer',
    });
    const charged = await t.providers.stripe.chargeOffSession({
      accountId,
      customerId: customer.customerId,
      paymentMethodId: 'pm_card_visa',
      amountCents: 4200,
      metadata: { [PAYMENT_KEY_METADATA]: 'charge-0-attempt-1' },
      idempotencyKey: 'stray-charge',
    });
    expect(charged.status).toBe('succeeded');
    const day = today();
    await reconcileAfter(day);
    await reconcileAfter(day);
    const drift = await driftOf('gym', tenant.gymB.id);
    expect(drift).toHaveLength(1);
    expect(drift[0]!.data).toMatchObject({
      kind: 'unknown_to_us',
      payment_intent: charged.paymentIntentId,
      theirs_cents: 4200,
    });
  });
});
