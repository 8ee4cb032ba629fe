// The tenant-isolation harness on every price route: another organisation's prices are 404 with none of their
// data; personal trainers read (and may work out pro-rata) but never write (403); members get nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prices } from '../../db/schema/index';
import { createOffering, createPrice, createPriceLink } from '../../test/catalogue-factories';
import { createTenant } from '../../test/factories';
import { expectIsolated } from '../../test/isolation';
import { signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { caller, weeklyPrice } from './catalogue.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let offering: { id: number; name: string };
let price: { id: number };
let archived: { id: number };
const TOKEN = 'home-secret-link-token-xxxxxxxxxxxxxxxxxxxx';
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  other = await createTenant(t.db);
  const org = home.organisation.id;
  offering = await createOffering(t.db, {
    organisationId: org,
    name: 'Hidden Valley Club',
    gymIds: [home.gymA.id],
  });
  price = await createPrice(t.db, {
    organisationId: org,
    offeringId: offering.id,
    amount: 4321,
    private: true,
  });
  archived = await createPrice(t.db, {
    organisationId: org,
    offeringId: offering.id,
    amount: 1234,
    archivedAt: new Date(),
  });
  await createPriceLink(t.db, { organisationId: org, priceId: price.id, token: TOKEN });
});
afterAll(() => t.close());

const reads = () => [
  {
    name: 'offering prices',
    request: { method: 'GET' as const, url: `/api/offerings/${offering.id}/prices` },
  },
  {
    name: 'organisation prices',
    request: { method: 'GET' as const, url: `/api/organisations/${home.organisation.id}/prices` },
  },
  {
    name: 'pro-rata',
    request: {
      method: 'POST' as const,
      url: `/api/prices/${price.id}/pro-rata`,
      payload: { start_date: '2025-04-05', billing_date: '2025-04-07' },
    },
  },
];
const writes = () => [
  {
    name: 'add price',
    request: { method: 'POST' as const, url: `/api/offerings/${offering.id}/prices`, payload: weeklyPrice() },
  },
  {
    name: 'update price',
    request: {
      method: 'PUT' as const,
      url: `/api/prices/${price.id}`,
      payload: weeklyPrice({ amount: 4321 }),
    },
  },
  { name: 'archive price', request: { method: 'DELETE' as const, url: `/api/prices/${price.id}/archive` } },
  {
    name: 'restore price',
    request: { method: 'POST' as const, url: `/api/prices/${archived.id}/restore`, payload: {} },
  },
  { name: 'delete price', request: { method: 'DELETE' as const, url: `/api/prices/${price.id}` } },
  {
    name: 'private link',
    request: {
      method: 'POST' as const,
      url: `/api/prices/${price.id}/private-links`,
      payload: { age_bypass: true },
    },
  },
];

describe('prices isolation', () => {
  it('answers 404 and none of the data for another organisation’s prices', async () => {
    const outsider = await signIn(t.app, other.admin.email);
    await expectIsolated(
      t.app,
      outsider,
      [...reads(), ...writes()].map((c) => ({
        ...c,
        refusedWith: [404],
        mustNotContain: [offering.name, '43.21', TOKEN],
      })),
    );
    const list = await caller(t, outsider).get(
      `/api/organisations/${other.organisation.id}/prices?per_page=100`,
    );
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(offering.name);
    const [row] = await t.db.select().from(prices).where(eq(prices.id, price.id));
    expect(row).toMatchObject({ amount: 4321, archivedAt: null });
  });

  it('lets a personal trainer read and work out pro-rata, but refuses every write (403)', async () => {
    const trainer = await signIn(t.app, home.trainer.email);
    for (const c of reads()) {
      const res = await t.app.inject({
        ...c.request,
        headers: { 'x-requested-with': 'XMLHttpRequest', cookie: trainer },
      });
      expect(res.statusCode, c.name).toBe(200);
    }
    await expectIsolated(
      t.app,
      trainer,
      writes().map((c) => ({ ...c, refusedWith: [403] })),
    );
    const [row] = await t.db.select().from(prices).where(eq(prices.id, price.id));
    expect(row).toMatchObject({ amount: 4321, archivedAt: null });
  });

  it('refuses members (403)', async () => {
    const member = await signIn(t.app, home.member.email);
    await expectIsolated(
      t.app,
      member,
      [...reads(), ...writes()].map((c) => ({ ...c, refusedWith: [403], mustNotContain: [TOKEN] })),
    );
  });
});
