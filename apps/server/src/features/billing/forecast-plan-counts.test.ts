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
