import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, organisations, priceChanges, prices } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { caller, weeklyPrice } from './catalogue.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let org: number;
let admin: ReturnType<typeof caller>;
let gymAdmin: ReturnType<typeof caller>;
let offering: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  org = home.organisation.id;
  admin = caller(t, await signIn(t.app, home.admin.email));
  gymAdmin = caller(t, await signIn(t.app, home.gymAdmin.email));
  offering = await createOffering(t.db, { organisationId: org, gymIds: [home.gymA.id] });
});
afterAll(() => t.close());

const subscribe = (priceId: number, extra: Record<string, unknown> = {}) =>
  createSubscription(t.db, {
    organisationId: org,
    gymId: home.gymA.id,
    userId: home.member.id,
    priceId,
    ...extra,
  });

/** The price as the database holds it after a call. */
const stored = async (id: number) => (await t.db.select().from(prices).where(eq(prices.id, id)))[0];

describe('POST /api/offerings/{id}/prices', () => {
  it('adds a price and answers it with its derived fields', async () => {
    const res = await admin.post(`/api/offerings/${offering.id}/prices`, {
      amount: 8900,
      billing_frequency: 'fortnightly',
      joining_fee: 5000,
      term_amount: 6,
      term_unit: 'months',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      offering_id: offering.id,
      amount: 8900,
      formatted_amount: '$89.00',
      joining_fee: 5000,
      formatted_joining_fee: '$50.00',
      is_term_membership: true,
      formatted_term: '6 months',
      total_value: 5000 + 8900 * 13,
      private: false,
      private_links: [],
      subscriptions_count: 0,
    });
    const logs = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'price'), eq(activityLog.subjectId, res.json().data.id)));
    expect(logs.map((l) => l.action)).toEqual(['price.created']);
  });

  it('offers only the organisation’s billing frequencies', async () => {
    await t.db.update(organisations).set({ weekly: false }).where(eq(organisations.id, org));
    try {
      const res = await admin.post(`/api/offerings/${offering.id}/prices`, weeklyPrice());
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        billing_frequency: ['Billing weekly is not enabled for this organisation'],
      });
      // Daily and every 2 months have no organisation switch, so no new price uses them.
      for (const frequency of ['daily', 'bi_monthly']) {
        const refused = await admin.post(
          `/api/offerings/${offering.id}/prices`,
          weeklyPrice({ billing_frequency: frequency }),
        );
        expect(refused.statusCode, frequency).toBe(422);
        expect(refused.json().errors.billing_frequency[0]).toMatch(/is not enabled for this organisation$/);
      }
      // A one-off price renews nothing: always open.
      expect(
        (
          await admin.post(`/api/offerings/${offering.id}/prices`, {
            amount: 1500,
            billing_frequency: 'one_off',
          })
        ).statusCode,
      ).toBe(201);
    } finally {
      await t.db.update(organisations).set({ weekly: true }).where(eq(organisations.id, org));
    }
  });

  it('refuses a price on an archived offering (409)', async () => {
    const archived = await createOffering(t.db, {
      organisationId: org,
      gymIds: [home.gymA.id],
      archivedAt: new Date(),
    });
    const res = await admin.post(`/api/offerings/${archived.id}/prices`, weeklyPrice());
    expect(res.statusCode).toBe(409);
    expect(await t.db.select().from(prices).where(eq(prices.offeringId, archived.id))).toEqual([]);
  });

  it('lets a gym admin price their own gym’s offerings only', async () => {
    const mine = await gymAdmin.post(`/api/offerings/${offering.id}/prices`, weeklyPrice());
    expect(mine.statusCode).toBe(201);
    expect(await stored(mine.json().data.id)).toMatchObject({ offeringId: offering.id, organisationId: org });
    const allGyms = await createOffering(t.db, { organisationId: org, allGymsAccess: true });
    expect((await gymAdmin.post(`/api/offerings/${allGyms.id}/prices`, weeklyPrice())).statusCode).toBe(403);
    const north = await createOffering(t.db, { organisationId: org, gymIds: [home.gymB.id] });
    expect((await gymAdmin.post(`/api/offerings/${north.id}/prices`, weeklyPrice())).statusCode).toBe(403);
    const refused = await t.db.select().from(prices).where(eq(prices.offeringId, north.id));
    expect([
      ...refused,
      ...(await t.db.select().from(prices).where(eq(prices.offeringId, allGyms.id))),
    ]).toEqual([]);
  });
});

describe('PUT /api/prices/{id}', () => {
  it('changes a price nobody is on', async () => {
    const price = await createPrice(t.db, { organisationId: org, offeringId: offering.id });
    const res = await admin.put(`/api/prices/${price.id}`, {
      amount: 2700,
      billing_frequency: 'monthly',
      private: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      amount: 2700,
      billing_frequency: 'monthly',
      private: true,
      joining_fee: 0,
    });
    expect(await stored(price.id)).toMatchObject({
      amount: 2700,
      billingFrequency: 'monthly',
      private: true,
    });
  });

  it('keeps what subscribed members pay (409) but lets the rest change', async () => {
    const price = await createPrice(t.db, { organisationId: org, offeringId: offering.id, amount: 2500 });
    await subscribe(price.id);
    for (const change of [
      { amount: 2600 },
      { billing_frequency: 'fortnightly' },
      { term_amount: 12, term_unit: 'months' },
    ]) {
      const res = await admin.put(`/api/prices/${price.id}`, weeklyPrice(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
      expect(await stored(price.id), JSON.stringify(change)).toMatchObject({
        amount: 2500,
        billingFrequency: 'weekly',
      });
      expect(res.json().message).toMatch(
        /^This price has subscriptions, so its amount, billing frequency and term cannot change/,
      );
    }
    const res = await admin.put(`/api/prices/${price.id}`, weeklyPrice({ private: true, joining_fee: 1000 }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ private: true, joining_fee: 1000, subscriptions_count: 1 });
    expect(await stored(price.id)).toMatchObject({
      amount: 2500,
      billingFrequency: 'weekly',
      private: true,
      joiningFee: 1000,
    });
  });

  it('refuses to change an archived price (409)', async () => {
    const price = await createPrice(t.db, {
      organisationId: org,
      offeringId: offering.id,
      archivedAt: new Date(),
    });
    const before = await stored(price.id);
    const res = await admin.put(`/api/prices/${price.id}`, weeklyPrice({ amount: 9900 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This price is archived. Restore it to change it.');
    expect(await stored(price.id)).toEqual(before);
  });
});

describe('archive and restore', () => {
  it('archives a price (idempotently) and restores it', async () => {
    const price = await createPrice(t.db, { organisationId: org, offeringId: offering.id });
    const archived = await admin.del(`/api/prices/${price.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data.archived_at).not.toBeNull();
    expect((await stored(price.id))!.archivedAt).not.toBeNull();
    expect((await admin.del(`/api/prices/${price.id}/archive`)).json().data.archived_at).toBe(
      archived.json().data.archived_at,
    );
    const restored = await admin.post(`/api/prices/${price.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.archived_at).toBeNull();
    expect((await stored(price.id))!.archivedAt).toBeNull();
  });

  it('refuses to restore a price of an archived offering, or of a frequency switched off (409)', async () => {
    const gone = await createOffering(t.db, {
      organisationId: org,
      gymIds: [home.gymA.id],
      archivedAt: new Date(),
    });
    const price = await createPrice(t.db, {
      organisationId: org,
      offeringId: gone.id,
      archivedAt: new Date(),
    });
    const res = await admin.post(`/api/prices/${price.id}/restore`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The offering of this price is archived, so the price cannot be restored.',
    );
    const yearly = await createPrice(t.db, {
      organisationId: org,
      offeringId: offering.id,
      billingFrequency: 'yearly',
      archivedAt: new Date(),
    });
    const off = await admin.post(`/api/prices/${yearly.id}/restore`);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe('Billing yearly is not enabled for this organisation.');
    expect((await stored(price.id))!.archivedAt).not.toBeNull();
    expect((await stored(yearly.id))!.archivedAt).not.toBeNull();
  });
});

describe('DELETE /api/prices/{id}', () => {
  it('deletes a price nobody was ever on', async () => {
    const price = await createPrice(t.db, { organisationId: org, offeringId: offering.id });
    const res = await admin.del(`/api/prices/${price.id}`);
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(prices).where(eq(prices.id, price.id))).toEqual([]);
  });

  it('refuses (409) while any subscription is or was on it, or is moving to it', async () => {
    const held = await createPrice(t.db, { organisationId: org, offeringId: offering.id });
    await subscribe(held.id, { cancelledAt: new Date() });
    const res = await admin.del(`/api/prices/${held.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This price has subscriptions, so it cannot be deleted. Archive it instead.',
    );
    const target = await createPrice(t.db, { organisationId: org, offeringId: offering.id });
    const subscription = await subscribe(held.id, { transitionToPriceId: target.id });
    expect((await admin.del(`/api/prices/${target.id}`)).statusCode).toBe(409);
    const historic = await createPrice(t.db, { organisationId: org, offeringId: offering.id });
    await t.db.insert(priceChanges).values({
      organisationId: org,
      subscriptionId: subscription.id,
      userId: home.member.id,
      fromPriceId: historic.id,
      toPriceId: held.id,
      fromAmount: 2500,
      toAmount: 2500,
      takesEffectAt: '2025-03-10',
    });
    expect((await admin.del(`/api/prices/${historic.id}`)).statusCode).toBe(409);
    expect(await t.db.select().from(prices).where(eq(prices.id, held.id))).toHaveLength(1);
  });
});
