import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gyms } from '../../db/schema/index';
import {
  createOffering,
  createPrice,
  createPriceLink,
  createSubscription,
} from '../../test/catalogue-factories';
import { createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { caller } from './catalogue.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let org: number;
let trainer: ReturnType<typeof caller>;
let anytime: { id: number };
let north: { id: number };
let weekly: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  org = home.organisation.id;
  await t.db.update(gyms).set({ cardSurchargeBasisPoints: 300 }).where(eq(gyms.id, home.gymB.id));
  trainer = caller(t, await signIn(t.app, home.trainer.email));
  anytime = await createOffering(t.db, { organisationId: org, name: 'Anytime', allGymsAccess: true });
  north = await createOffering(t.db, {
    organisationId: org,
    name: 'North Club',
    gymId: home.gymB.id,
    gymIds: [home.gymB.id],
  });
  weekly = await createPrice(t.db, { organisationId: org, offeringId: anytime.id, amount: 2500 });
  await createPrice(t.db, {
    organisationId: org,
    offeringId: anytime.id,
    amount: 1000,
    archivedAt: new Date(),
  });
  await createPrice(t.db, {
    organisationId: org,
    offeringId: north.id,
    gymId: home.gymB.id,
    amount: 3333,
    private: true,
  });
  for (let i = 0; i < 3; i++) {
    await createSubscription(t.db, {
      organisationId: org,
      gymId: home.gymA.id,
      userId: home.member.id,
      priceId: weekly.id,
    });
  }
  await createPriceLink(t.db, {
    organisationId: org,
    priceId: weekly.id,
    token: 'live-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    ageBypass: true,
  });
  await createPriceLink(t.db, {
    organisationId: org,
    priceId: weekly.id,
    token: 'revoked-token',
    revokedAt: new Date(),
  });
});
afterAll(() => t.close());

const amounts = (list: { amount: number }[]) => list.map((p) => p.amount);

describe('GET /api/offerings/{id}/prices', () => {
  it('lists every price of the offering, or those on sale or archived', async () => {
    expect(amounts((await trainer.get(`/api/offerings/${anytime.id}/prices`)).json().data)).toEqual([
      2500, 1000,
    ]);
    expect(
      amounts((await trainer.get(`/api/offerings/${anytime.id}/prices?archived=false`)).json().data),
    ).toEqual([2500]);
    expect(
      amounts((await trainer.get(`/api/offerings/${anytime.id}/prices?archived=true`)).json().data),
    ).toEqual([1000]);
  });

  it('counts subscriptions and shows live private links with their join address', async () => {
    const [price] = (await trainer.get(`/api/offerings/${anytime.id}/prices?archived=false`)).json().data;
    expect(price.subscriptions_count).toBe(3);
    expect(price.private_links).toEqual([
      expect.objectContaining({
        token: 'live-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        age_bypass: true,
        url: `${new URL(t.env.REGISTER_URL).origin}/?price_link=live-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa`,
      }),
    ]);
  });

  it('uses the surcharge of the gym a single-gym price belongs to', async () => {
    const [price] = (await trainer.get(`/api/offerings/${north.id}/prices`)).json().data;
    expect(price).toMatchObject({
      gym: { id: home.gymB.id, name: home.gymB.name },
      surcharge_gym_id: home.gymB.id,
      surcharge: 100,
      formatted_surcharge: '$1.00',
      formatted_surcharge_rate: '3%',
      formatted_amount_with_surcharge: '$34.33',
      private: true,
    });
  });
});

describe('GET /api/organisations/{id}/prices', () => {
  it('pages through the organisation’s prices on sale, or archived ones', async () => {
    const res = await trainer.get(`/api/organisations/${org}/prices?per_page=1`);
    expect(res.statusCode).toBe(200);
    expect(amounts(res.json().data)).toEqual([2500]);
    expect(res.json().data[0].offering).toEqual({ id: anytime.id, name: 'Anytime' });
    expect(res.json().meta).toEqual({ current_page: 1, per_page: 1, total: 2, last_page: 2 });
    expect(
      amounts((await trainer.get(`/api/organisations/${org}/prices?archived=true`)).json().data),
    ).toEqual([1000]);
  });

  it('filters by offering and by the gym a member could take them at', async () => {
    expect(
      amounts((await trainer.get(`/api/organisations/${org}/prices?offering_id=${north.id}`)).json().data),
    ).toEqual([3333]);
    expect(
      amounts((await trainer.get(`/api/organisations/${org}/prices?gym_id=${home.gymA.id}`)).json().data),
    ).toEqual([2500]);
    const atB = (await trainer.get(`/api/organisations/${org}/prices?gym_id=${home.gymB.id}`)).json().data;
    expect(amounts(atB)).toEqual([2500, 3333]);
    expect(atB[0].formatted_surcharge).toBe('$0.75');
  });

  it('answers 404 for any organisation but the current one', async () => {
    const other = await createTenant(t.db);
    const res = await trainer.get(`/api/organisations/${other.organisation.id}/prices`);
    expect(res.statusCode).toBe(404);
  });
});
