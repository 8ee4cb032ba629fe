// The forecast reads its groups from the counts the triggers keep per plan key (subscription_plan_counts,
// migration 0035) instead of grouping every due membership per request. After each step of a made
// history (joins by bank and by card, a fixed billing date, the daily run charging, payments paid and
// failed, a price change scheduled, a pause booked and applied, a cancellation with an end date, a billing
// date changed, a payment method deleted, a membership deleted) the kept groups equal the reference
// grouping of the subscriptions (dueSubscriptionsForForecastGrouped, the previous reading) for the
// organisation and each gym over 1, 30 and 90 days; and rebuilding or compacting the counts changes no
// key's count.
import { addDays, todayInAuckland } from '@gym/domain/calendar-date';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { organisationMembers, paymentTypes, subscriptionPauses, subscriptions } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createMember, createTenant } from '../../test/factories';
import { createDestinationAccount } from '../../test/gym-factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bankMember, banksAnswer, receiveSandboxWebhooks } from '../webhooks/webhooks.test-support';
import { billingDeps } from './billing.test-support';
import { dueSubscriptionsForForecast, dueSubscriptionsForForecastGrouped } from './billing-run.repository';
import { runBillingDay } from './billing-run.service';

let t: TestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await createTestApp();
  await receiveSandboxWebhooks(t);
  tenant = await createTenant(t.db);
  await createDestinationAccount(t.db, { organisationId: tenant.organisation.id, gymId: tenant.gymA.id });
}, 60_000);
afterAll(() => t.close());

type Group = Awaited<ReturnType<typeof dueSubscriptionsForForecast>>['plain'][number];

/** A group as the plan reads it: the start date only before the first charge (planOf reads it only then). */
function planInputs(groups: Group[]) {
  return groups
    .map(({ id: _id, user_id: _u, payment_type_id: _p, destination_account_id: _d, start_date, ...g }) => ({
      ...g,
      start_date: g.current_period_start === null ? start_date : null,
    }))
    .map((g) => JSON.stringify(Object.entries(g).sort(([a], [b]) => a.localeCompare(b))))
    .sort();
}

/** The kept groups against the reference grouping, for the organisation and each gym, 1, 30 and 90 days on. */
async function expectKeptEqualsGrouped(step: string) {
  const org = tenant.organisation.id;
  const today = todayInAuckland(t.clock.now());
  for (const gymId of [undefined, tenant.gymA.id, tenant.gymB.id])
    for (const days of [1, 30, 90]) {
      const day = addDays(today, days - 1);
      const [kept, grouped] = await Promise.all([
        dueSubscriptionsForForecast(t.db, day, org, gymId),
        dueSubscriptionsForForecastGrouped(t.db, day, org, gymId),
      ]);
      const label = `${step}: gym ${gymId ?? 'all'}, ${days} days`;
      expect(planInputs(kept.plain), label).toEqual(planInputs(grouped.plain));
      expect(kept.paused, label).toEqual(grouped.paused);
    }
}

/** Every key's count, the deltas summed. */
const counts = () =>
  queryRows<{ key: string; members: number }>(
    t.db,
    sql`select row(c.organisation_id, c.gym_id, c.price_id, c.transition_to_price_id, c.payment_type, c.anchor_day,
          c.current_period_start, c.current_period_end, c.ends_at, c.term_ends_at, c.is_term_membership,
          c.force_price_amount, c.transition_takes_effect_at, c.first_start_date, c.first_billing_date)::text as key,
          sum(c.members)::int as members
        from subscription_plan_counts c where c.organisation_id = ${tenant.organisation.id}
        group by 1 having sum(c.members) <> 0 order by 1`,
  );

describe('the forecast groups kept by triggers', () => {
  it('equal the reference grouping after every step of a history, and a rebuild', async () => {
    const organisationId = tenant.organisation.id;
    const { gymA, gymB } = tenant;
    const db = t.db;
    const deps = billingDeps(t);
    const today = todayInAuckland(t.clock.now());
    const anchor = Number(today.slice(8));
    const offering = await createOffering(db, { organisationId, allGymsAccess: true });
    const price = (amount: number, billingFrequency: string, joiningFee = 0) =>
      createPrice(db, {
        organisationId,
        offeringId: offering.id,
        amount,
        billingFrequency: billingFrequency as 'monthly',
        joiningFee,
      });
    const weekly = await price(2500, 'weekly');
    const monthly = await price(6000, 'monthly', 5000);
    const dearer = await price(8000, 'monthly');
    const fortnightly = await price(4800, 'fortnightly');
    const oneOff = await price(12000, 'one_off');
    await expectKeptEqualsGrouped('nothing yet');

    // Joins by bank at gym A, starting today (charged by today's run) and next week; one on a fixed date.
    const banks = [];
    for (let i = 0; i < 6; i++) {
      const bank = await bankMember(t, tenant);
      const start = i < 4 ? today : addDays(today, 7);
      const sub = await createSubscription(db, {
        organisationId,
        gymId: gymA.id,
        userId: bank.member.id,
        priceId: i % 2 ? weekly.id : monthly.id,
        paymentTypeId: bank.paymentTypeId,
        startDate: start,
        anchorDay: Number(start.slice(8)),
      });
      banks.push({ bank, sub });
    }
    await db
      .update(organisationMembers)
      .set({ billingDate: addDays(today, 14) })
      .where(eq(organisationMembers.userId, banks[5]!.bank.member.id));
    await expectKeptEqualsGrouped('joins by bank');

    // Joins by card at gym B, already charged once (and a one-off to come).
    const cards = [];
    for (let i = 0; i < 4; i++) {
      const member = await createMember(db, { organisationId, gymId: gymB.id });
      const [type] = await db
        .insert(paymentTypes)
        .values({ organisationId, userId: member.id, type: 'stripe_card', gymId: gymB.id })
        .returning();
      const sub = await createSubscription(db, {
        organisationId,
        gymId: gymB.id,
        userId: member.id,
        priceId: i === 3 ? oneOff.id : fortnightly.id,
        paymentTypeId: type!.id,
        ...(i === 3
          ? { startDate: addDays(today, 3), anchorDay: Number(addDays(today, 3).slice(8)) }
          : {
              startDate: addDays(today, -10),
              anchorDay: Number(addDays(today, -10).slice(8)),
              currentPeriodStart: addDays(today, -10),
              currentPeriodEnd: addDays(today, 4),
            }),
      });
      cards.push({ member, type: type!, sub });
    }
    await expectKeptEqualsGrouped('joins by card');

    // Today's run charges the bank members starting today; one's bank declines, the others pay.
    t.sandbox.controls.akahu.failNextPayment(banks[0]!.bank.accountId, 'INSUFFICIENT_FUNDS');
    await runBillingDay(deps, today);
    await expectKeptEqualsGrouped('charges made');
    await banksAnswer(t);
    await expectKeptEqualsGrouped('charges paid and failed');

    // A price change scheduled for the next period.
    await db
      .update(subscriptions)
      .set({ transitionToPriceId: dearer.id, transitionTakesEffectAt: addDays(today, 20) })
      .where(eq(subscriptions.id, banks[2]!.sub.id));
    await expectKeptEqualsGrouped('price change scheduled');

    // A pause booked from in two days, then applied by that day's run.
    await db.insert(subscriptionPauses).values({
      organisationId,
      subscriptionId: banks[1]!.sub.id,
      startDate: addDays(today, 2),
      endDate: addDays(today, 16),
    });
    await expectKeptEqualsGrouped('pause booked');
    await runBillingDay(deps, addDays(today, 1));
    await runBillingDay(deps, addDays(today, 2));
    await expectKeptEqualsGrouped('pause applied');

    // A cancellation with an end date.
    await db
      .update(subscriptions)
      .set({ cancelledAt: t.clock.now(), endsAt: addDays(today, 25) })
      .where(eq(subscriptions.id, cards[0]!.sub.id));
    await expectKeptEqualsGrouped('cancelled with an end date');

    // The fixed billing date moved (before the first charge).
    await db
      .update(organisationMembers)
      .set({ billingDate: addDays(today, 21) })
      .where(eq(organisationMembers.userId, banks[5]!.bank.member.id));
    await expectKeptEqualsGrouped('billing date changed');

    // A payment method deleted: its membership is planned as a bank payer, without the card surcharge.
    await db
      .update(paymentTypes)
      .set({ deletedAt: t.clock.now() })
      .where(eq(paymentTypes.id, cards[1]!.type.id));
    await expectKeptEqualsGrouped('payment method deleted');

    // A membership deleted (one not charged yet).
    await db.delete(subscriptions).where(eq(subscriptions.id, banks[4]!.sub.id));
    await expectKeptEqualsGrouped('membership deleted');

    // Many memberships in one statement: every card membership moved a period on.
    await db.update(subscriptions).set({ anchorDay: anchor }).where(eq(subscriptions.gymId, gymB.id));
    await expectKeptEqualsGrouped('many in one statement');

    // Rebuilding and compacting change no key's count.
    const kept = await counts();
    expect(kept.length).toBeGreaterThan(4);
    await queryRows(db, sql`select subscription_plan_counts_compact(${organisationId})`);
    expect(await counts()).toEqual(kept);
    await queryRows(db, sql`select subscription_plan_counts_rebuild() where ${organisationId} > 0`);
    expect(await counts()).toEqual(kept);
    await expectKeptEqualsGrouped('rebuilt');
  });
});

// Two transactions at once, on a PostgreSQL server (PGlite has one connection): a payment method deleted
// or a billing date changed while another transaction moves the same membership's key. Whichever goes
// first, the other waits for it (the subscriptions trigger reads them FOR SHARE) and the kept groups
// still equal the reference.
describe.runIf(process.env.TEST_DATABASE_URL)('the forecast groups beside concurrent changes', () => {
  it('keep each membership in one key when its payment method or billing date changes meanwhile', async () => {
    const organisationId = tenant.organisation.id;
    const today = todayInAuckland(t.clock.now());
    const offering = await createOffering(t.db, { organisationId, allGymsAccess: true });
    const price = await createPrice(t.db, { organisationId, offeringId: offering.id, amount: 3000 });
    const join = async () => {
      const member = await createMember(t.db, { organisationId, gymId: tenant.gymB.id });
      const [type] = await t.db
        .insert(paymentTypes)
        .values({ organisationId, userId: member.id, type: 'stripe_card', gymId: tenant.gymB.id })
        .returning();
      const start = addDays(today, 5);
      const sub = await createSubscription(t.db, {
        organisationId,
        gymId: tenant.gymB.id,
        userId: member.id,
        priceId: price.id,
        paymentTypeId: type!.id,
        startDate: start,
        anchorDay: Number(start.slice(8)),
      });
      return { member, type: type!, sub };
    };
    const pause = () => new Promise((resolve) => setTimeout(resolve, 300));
    /** `first` runs and holds its transaction open while `second` starts (and waits on it), then commits. */
    const race = async (
      first: (tx: typeof t.db) => Promise<unknown>,
      second: (tx: typeof t.db) => Promise<unknown>,
    ) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started!: () => void;
      const begun = new Promise<void>((resolve) => {
        started = resolve;
      });
      const one = t.db.transaction(async (tx) => {
        await first(tx as unknown as typeof t.db);
        started();
        await held;
      });
      await begun;
      const two = t.db.transaction(async (tx) => {
        await second(tx as unknown as typeof t.db);
      });
      await pause();
      release();
      await Promise.all([one, two]);
    };
    const moveStart = (id: number, days: number) => (tx: typeof t.db) =>
      tx
        .update(subscriptions)
        .set({ startDate: addDays(today, days), anchorDay: Number(addDays(today, days).slice(8)) })
        .where(eq(subscriptions.id, id));
    const deleteType = (id: number) => (tx: typeof t.db) =>
      tx.update(paymentTypes).set({ deletedAt: t.clock.now() }).where(eq(paymentTypes.id, id));
    const billOn = (userId: number, days: number) => (tx: typeof t.db) =>
      tx
        .update(organisationMembers)
        .set({ billingDate: addDays(today, days) })
        .where(eq(organisationMembers.userId, userId));

    const a = await join();
    await race(deleteType(a.type.id), moveStart(a.sub.id, 6));
    await expectKeptEqualsGrouped('payment method deleted, then the membership moved');
    const b = await join();
    await race(moveStart(b.sub.id, 6), deleteType(b.type.id));
    await expectKeptEqualsGrouped('membership moved, then its payment method deleted');
    const c = await join();
    await race(billOn(c.member.id, 20), moveStart(c.sub.id, 7));
    await expectKeptEqualsGrouped('billing date changed, then the membership moved');
    const d = await join();
    await race(moveStart(d.sub.id, 7), billOn(d.member.id, 21));
    await expectKeptEqualsGrouped('membership moved, then its billing date changed');
  });
});
