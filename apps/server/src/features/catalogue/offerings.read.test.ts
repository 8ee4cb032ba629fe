import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gyms } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createMember, createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { caller } from './catalogue.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let trainer: ReturnType<typeof caller>;
let admin: ReturnType<typeof caller>;
let org: number;
let allGyms: { id: number };
let offPeak: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  org = home.organisation.id;
  await t.db.update(gyms).set({ cardSurchargeBasisPoints: 250 }).where(eq(gyms.id, home.gymA.id));
  trainer = caller(t, await signIn(t.app, home.trainer.email));
  admin = caller(t, await signIn(t.app, home.admin.email));
  allGyms = await createOffering(t.db, { organisationId: org, name: 'Anytime', allGymsAccess: true });
  await createOffering(t.db, { organisationId: org, name: 'North Only', gymIds: [home.gymB.id] });
  offPeak = await createOffering(t.db, {
    organisationId: org,
    name: 'Off-Peak',
    type: 'limited_access',
    gymIds: [home.gymA.id, home.gymB.id],
    hours: [
      { day: 3, openAt: '09:00', closeAt: '15:00' },
      { day: 1, openAt: '06:00', closeAt: '16:00' },
    ],
  });
  await createOffering(t.db, {
    organisationId: org,
    name: 'Summer 2024',
    allGymsAccess: true,
    archivedAt: new Date(),
  });
  for (const amount of [2500, 9900])
    await createPrice(t.db, { organisationId: org, offeringId: allGyms.id, amount });
  await createPrice(t.db, {
    organisationId: org,
    offeringId: allGyms.id,
    amount: 1900,
    archivedAt: new Date(),
  });
  await createPrice(t.db, { organisationId: org, offeringId: allGyms.id, amount: 2200, gymId: home.gymB.id });
  await createPrice(t.db, { organisationId: org, offeringId: offPeak.id, amount: 1500, private: true });
});
afterAll(() => t.close());

const names = (list: { name: string }[]) => list.map((o) => o.name);

describe('GET /api/offerings', () => {
  it('lists offerings on sale a page at a time, for any staff member', async () => {
    const res = await trainer.get('/api/offerings?per_page=2');
    expect(res.statusCode).toBe(200);
    expect(names(res.json().data)).toEqual(['Anytime', 'North Only']);
    expect(res.json().meta).toEqual({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(names((await trainer.get('/api/offerings?per_page=2&page=2')).json().data)).toEqual(['Off-Peak']);
    expect(res.json().data[0]).toMatchObject({
      prices_count: 3,
      all_gyms_access: true,
      gyms: [],
      type_label: '24/7',
    });
  });

  it('filters by type, gym, archived and name', async () => {
    expect(names((await trainer.get('/api/offerings?type=limited_access')).json().data)).toEqual([
      'Off-Peak',
    ]);
    expect(names((await trainer.get(`/api/offerings?gym_id=${home.gymA.id}`)).json().data)).toEqual([
      'Anytime',
      'Off-Peak',
    ]);
    expect(names((await trainer.get(`/api/offerings?gym_id=${home.gymB.id}`)).json().data)).toEqual([
      'Anytime',
      'North Only',
      'Off-Peak',
    ]);
    expect(names((await trainer.get('/api/offerings?archived=true')).json().data)).toEqual(['Summer 2024']);
    expect(names((await trainer.get('/api/offerings?search=peak')).json().data)).toEqual(['Off-Peak']);
  });
});

describe('GET /api/offerings/{id}', () => {
  it('shows one offering with every price (archived marked), its hours by day and its gyms', async () => {
    const res = await trainer.get(`/api/offerings/${allGyms.id}`);
    expect(res.statusCode).toBe(200);
    const offering = res.json().data;
    expect(offering.prices.map((p: { amount: number }) => p.amount)).toEqual([2200, 2500, 9900, 1900]);
    expect(offering.prices[3].archived_at).not.toBeNull();
    const detail = (await trainer.get(`/api/offerings/${offPeak.id}`)).json().data;
    expect(detail.hours.map((h: { day: number; open_at: string }) => [h.day, h.open_at])).toEqual([
      [1, '06:00'],
      [3, '09:00'],
    ]);
    expect(detail.gyms.map((g: { id: number }) => g.id).sort()).toEqual([home.gymA.id, home.gymB.id].sort());
  });

  it('computes the price fields, with the current gym’s card surcharge', async () => {
    const price = (await trainer.get(`/api/offerings/${allGyms.id}`)).json().data.prices[1];
    expect(price).toMatchObject({
      amount: 2500,
      formatted_amount: '$25.00',
      billing_frequency: 'weekly',
      billing_frequency_label: 'Weekly',
      surcharge: 63,
      formatted_surcharge: '$0.63',
      formatted_surcharge_rate: '2.5%',
      formatted_amount_with_surcharge: '$25.63',
      surcharge_gym_id: home.gymA.id,
      total_value: 2500,
      is_term_membership: false,
      formatted_term: null,
      subscriptions_count: 0,
    });
  });
});

describe('GET /api/gyms/{gym_id}/offerings', () => {
  it('lists offerings on sale at the gym with the prices on sale there, at that gym’s surcharge', async () => {
    const atA = (await trainer.get(`/api/gyms/${home.gymA.id}/offerings`)).json().data;
    expect(names(atA)).toEqual(['Anytime', 'Off-Peak']);
    expect(atA[0].prices.map((p: { amount: number }) => p.amount)).toEqual([2500, 9900]);
    expect(atA[0].prices[0].formatted_surcharge).toBe('$0.63');
    // Gym B is not the trainer's: 403, as for the gym itself.
    expect((await trainer.get(`/api/gyms/${home.gymB.id}/offerings`)).statusCode).toBe(403);
    const atB = (await admin.get(`/api/gyms/${home.gymB.id}/offerings`)).json().data;
    expect(names(atB)).toEqual(['Anytime', 'North Only', 'Off-Peak']);
    expect(atB[0].prices.map((p: { amount: number }) => p.amount)).toEqual([2200, 2500, 9900]);
    expect(atB[0].prices[0].formatted_surcharge).toBe('$0.00');
    expect(atB[2].prices[0]).toMatchObject({ private: true, amount: 1500 });
  });
});

describe('GET /api/gyms/{gym_id}/offerings/{offering_id}/unique-memberships', () => {
  it('groups the memberships held at the gym by price and amount paid, counting members', async () => {
    const offering = await createOffering(t.db, {
      organisationId: org,
      gymIds: [home.gymA.id, home.gymB.id],
    });
    const weekly = await createPrice(t.db, { organisationId: org, offeringId: offering.id, amount: 2500 });
    const yearly = await createPrice(t.db, {
      organisationId: org,
      offeringId: offering.id,
      amount: 99000,
      billingFrequency: 'monthly',
      termAmount: 12,
      termUnit: 'months',
    });
    const join = async (priceId: number, gymId: number, extra: Record<string, unknown> = {}) => {
      const member = await createMember(t.db, { organisationId: org, gymId });
      await createSubscription(t.db, { organisationId: org, gymId, userId: member.id, priceId, ...extra });
    };
    await join(weekly.id, home.gymA.id);
    await join(weekly.id, home.gymA.id);
    await join(weekly.id, home.gymA.id, { forcePriceAmount: 2000 });
    await join(yearly.id, home.gymA.id);
    await join(weekly.id, home.gymA.id, { cancelledAt: new Date() });
    await join(weekly.id, home.gymB.id);
    const res = await trainer.get(`/api/gyms/${home.gymA.id}/offerings/${offering.id}/unique-memberships`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        price_id: weekly.id,
        amount: 2000,
        formatted_amount: '$20.00',
        is_forced_amount: true,
        members_count: 1,
      }),
      expect.objectContaining({
        price_id: weekly.id,
        amount: 2500,
        price_amount: 2500,
        is_forced_amount: false,
        members_count: 2,
        subscriptions_count: 2,
      }),
      expect.objectContaining({
        price_id: yearly.id,
        amount: 99000,
        formatted_term: '12 months',
        billing_frequency: 'monthly',
        members_count: 1,
      }),
    ]);
  });
});
