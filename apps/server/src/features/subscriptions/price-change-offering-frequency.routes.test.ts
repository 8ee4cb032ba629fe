// Price changes that move a member to another offering or another billing frequency (issue "Staff on a
// phone and at the front desk"), through the routes and the clock on a real database with the
// simulators: the notice (its preview, the bulk preview, and the mail the engine sends, read from the
// mail capture) says the new membership and how door access changes; a weekly member moved to a monthly
// price keeps the week paid and is billed monthly from the change date, one charge per period start,
// with no drift on the expected-payments screen.
import type { ExpectedPaymentsAnswer } from '@gym/domain/api/expected-payments';
import { addDays, addMonthsClamped, calendarDateParts } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charges } from '../../db/schema/index';
import { createOffering, createPrice } from '../../test/catalogue-factories';
import {
  lifecycleWorld,
  subscriptionLog,
  subscriptionRow,
  travelDays,
} from '../../test/membership-lifecycle';
import { pageRequest, type TestApp } from '../../test/test-app';
import { bankMember } from '../webhooks/webhooks.test-support';
import { ok, priceChangesOf, todayOf, type World, weeklyMember } from './subscriptions.test-support';

let t: TestApp;
let w: World;
let admin: string;

beforeAll(async () => {
  ({ t, w, admin } = await lifecycleWorld());
}, 60_000);
afterAll(() => t.close());

const today = () => todayOf(t);
const org = () => w.tenant.organisation.id;
const mailTo = (email: string) => t.mail.messages.filter((m) => m.to.includes(email.toLowerCase()));
const chargesOf = (id: number) =>
  t.db.select().from(charges).where(eq(charges.subscriptionId, id)).orderBy(asc(charges.periodStart));

/** Offering "Gym A only, 24/7" with a weekly price, and the prices staff may move its members to. */
async function catalogue() {
  const gymAOnly = await createOffering(t.db, {
    organisationId: org(),
    name: `Central 24/7 ${Math.random().toString(36).slice(2, 7)}`,
    allGymsAccess: false,
    gymIds: [w.tenant.gymA.id],
  });
  const everywhere = await createOffering(t.db, {
    organisationId: org(),
    name: `Off-peak everywhere ${Math.random().toString(36).slice(2, 7)}`,
    allGymsAccess: true,
    type: 'limited_access',
    hours: [
      { day: 1, openAt: '06:00', closeAt: '20:00' },
      { day: 6, openAt: '08:00', closeAt: '12:00' },
    ],
  });
  const price = (offeringId: number, amount: number, billingFrequency: 'weekly' | 'monthly' = 'weekly') =>
    createPrice(t.db, { organisationId: org(), offeringId, amount, billingFrequency });
  return {
    gymAOnly,
    everywhere,
    weekly: await price(gymAOnly.id, 2100),
    sameOffering: await price(gymAOnly.id, 2500),
    otherOffering: await price(everywhere.id, 1800),
    monthly: await price(gymAOnly.id, 8400, 'monthly'),
  };
}

const preview = (subscriptionId: number, priceId: number, takesEffectAt?: string) =>
  ok(w, admin, {
    method: 'POST',
    url: '/api/subscriptions/change-price-email-preview',
    payload: { subscription_id: subscriptionId, price_id: priceId, takes_effect_at: takesEffectAt ?? null },
  });

describe('a price change to another offering', { timeout: 120_000 }, () => {
  it('the same offering: the notice is the price notice as before', async () => {
    const c = await catalogue();
    const { sub, start } = await weeklyMember(w, { priceId: c.weekly.id });
    const { data } = await preview(sub.id, c.sameOffering.id);
    expect(data.subject).toBe(`Your ${w.tenant.gymA.name} membership price is changing`);
    expect(data.text).toContain(
      `From ${formatDate(addDays(start, 7), 'long')}, the price of your ${w.tenant.gymA.name} membership changes from $21.00 to $25.00, billed weekly.`,
    );
    expect(data.text).not.toContain('door access');
    expect(data.text).not.toContain(c.gymAOnly.name);
  });

  it('says the new membership and how door access changes, in the preview and in the mail sent', async () => {
    const c = await catalogue();
    const { sub, start, member } = await weeklyMember(w, { priceId: c.weekly.id });
    const on = formatDate(addDays(start, 7), 'long');
    const { data } = await preview(sub.id, c.otherOffering.id);
    expect(data.subject).toBe(`Your ${w.tenant.gymA.name} membership is changing to ${c.everywhere.name}`);
    expect(data.text).toContain(
      `From ${on}, your ${w.tenant.gymA.name} membership changes from ${c.gymAOnly.name} to ${c.everywhere.name}, and its price from $21.00 to $18.00, billed weekly.`,
    );
    expect(data.text).toContain(
      `Your door access changes with it: you can use all our gyms (until then, ${w.tenant.gymA.name}).`,
    );
    expect(data.text).toContain(
      'Your access hours change to limited hours (Monday 6:00 am to 8:00 pm; Saturday 8:00 am to 12:00 pm) (until then, 24/7).',
    );

    await ok(w, admin, {
      method: 'POST',
      url: '/api/subscriptions/schedule-price-change',
      payload: { subscription_id: sub.id, price_id: c.otherOffering.id },
    });
    await travelDays(t, admin, 1);
    const sent = mailTo(member.email).filter((m) => m.subject.includes('membership is changing'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(data.subject);
    expect(sent[0]!.text.trim()).toBe(data.text.trim());
    expect(sent[0]!.html).toContain(`you can use all our gyms (until then, ${w.tenant.gymA.name})`);
  });

  it('an offering that opens the same gyms at the same hours: the new name, no access sentence', async () => {
    const c = await catalogue();
    const twin = await createOffering(t.db, {
      organisationId: org(),
      name: 'Central 24/7 (new)',
      allGymsAccess: false,
      gymIds: [w.tenant.gymA.id],
    });
    const twinPrice = await createPrice(t.db, {
      organisationId: org(),
      offeringId: twin.id,
      amount: 2300,
      billingFrequency: 'weekly',
    });
    const { sub } = await weeklyMember(w, { priceId: c.weekly.id });
    const { data } = await preview(sub.id, twinPrice.id);
    expect(data.text).toContain(`changes from ${c.gymAOnly.name} to Central 24/7 (new)`);
    expect(data.text).not.toContain('door access');
    expect(data.text).not.toContain('access hours');
  });

  it('the bulk preview shows the same notice', async () => {
    const c = await catalogue();
    await weeklyMember(w, { priceId: c.weekly.id, name: 'Bulk Offering Member' });
    const res = await ok(w, admin, {
      method: 'POST',
      url: '/api/subscriptions/bulk-price-change/preview',
      payload: {
        price_id: c.weekly.id,
        new_price_id: c.otherOffering.id,
        takes_effect_at: addDays(today(), 4),
      },
    });
    expect(res.email.subject).toBe(
      `Your ${w.tenant.gymA.name} membership is changing to ${c.everywhere.name}`,
    );
    expect(res.email.text).toContain('you can use all our gyms');
  });
});

describe('a price change to another billing frequency', { timeout: 240_000 }, () => {
  it('weekly to monthly: the paid week runs out, then one monthly charge per period from the change date, anchored on it, with no drift', async () => {
    const c = await catalogue();
    const bank = await bankMember(t, w.tenant);
    const { sub, start } = await weeklyMember(w, {
      priceId: c.weekly.id,
      member: bank.member,
      paymentTypeId: bank.paymentTypeId,
    });
    const change = addDays(start, 7);
    // Off a weekly period start: refused, naming the next one.
    const off = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: '/api/subscriptions/schedule-price-change',
        cookie: admin,
        payload: { subscription_id: sub.id, price_id: c.monthly.id, takes_effect_at: addDays(start, 9) },
      }),
    );
    expect(off.statusCode).toBe(422);
    expect(off.json().errors.takes_effect_at[0]).toContain(`the next is ${formatDate(addDays(start, 14))}`);

    const { data } = await preview(sub.id, c.monthly.id);
    expect(data.text).toContain('Your current weekly period runs to its end as paid');
    expect(data.text).toContain(
      `From ${formatDate(change, 'long')} you are billed monthly, with your first monthly payment of $84.00 on that day.`,
    );
    await ok(w, admin, {
      method: 'POST',
      url: '/api/subscriptions/schedule-price-change',
      payload: { subscription_id: sub.id, price_id: c.monthly.id },
    });
    expect((await priceChangesOf(w, sub.id))[0]).toMatchObject({ takesEffectAt: change });

    // Across the change date and past the first monthly renewal, a day at a time through the daily run.
    const days = 55;
    await travelDays(t, admin, days);
    const made = await chargesOf(sub.id);
    const addMonths = (months: number) => addMonthsClamped(change, months);
    const monthStarts = [change, addMonths(1), addMonths(2)].filter((d) => d <= today());
    expect(monthStarts).toHaveLength(2);
    expect(made.map((ch) => [ch.periodStart, ch.periodEnd, ch.amount])).toEqual(
      monthStarts.map((d, i) => [d, monthStarts[i + 1] ?? addMonths(i + 1), 8400]),
    );
    const row = await subscriptionRow(t, sub.id);
    expect(row).toMatchObject({
      priceId: c.monthly.id,
      transitionToPriceId: null,
      anchorDay: calendarDateParts(change).day,
      currentPeriodStart: monthStarts.at(-1),
    });
    const applied = (await subscriptionLog(t, sub.id)).filter(
      (e) => e.action === 'subscription.price_change_applied',
    );
    expect(applied).toHaveLength(1);
    expect(applied[0]!.data).toMatchObject({ anchor_day: calendarDateParts(change).day });

    // The expected-payments screen: the rules' charges are the engine's, none missing or extra.
    const res = await t.app.inject(
      pageRequest({
        method: 'GET',
        url: `/api/expected-payments-debugging?from=${addDays(start, 1)}&to=${today()}&gym_id=${w.tenant.gymA.id}&per_page=100`,
        cookie: admin,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const mine = (res.json() as ExpectedPaymentsAnswer).data.filter((r) => r.subscription_id === sub.id);
    expect(mine.map((r) => r.period_start)).toEqual(monthStarts);
    expect(mine.map((r) => r.drift)).toEqual(monthStarts.map(() => null));
  });
});
