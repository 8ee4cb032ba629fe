import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, offerings, organisations, prices } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { caller, offeringPayload, weeklyPrice } from './catalogue.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let admin: ReturnType<typeof caller>;
let gymAdmin: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  admin = caller(t, await signIn(t.app, home.admin.email));
  gymAdmin = caller(t, await signIn(t.app, home.gymAdmin.email));
});
afterAll(() => t.close());

const setOrganisation = (changes: Partial<typeof organisations.$inferInsert>) =>
  t.db.update(organisations).set(changes).where(eq(organisations.id, home.organisation.id));

describe('POST /api/offerings', () => {
  it('creates an offering with its prices, hours and gyms, and logs it', async () => {
    const res = await admin.post(
      '/api/offerings',
      offeringPayload([home.gymA.id, home.gymB.id], {
        prices: [
          weeklyPrice({ joining_fee: 4900 }),
          { amount: 9900, billing_frequency: 'monthly', term_amount: 12, term_unit: 'months' },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const offering = res.json().data;
    expect(offering).toMatchObject({
      name: 'Off-Peak',
      type: 'limited_access',
      type_label: 'Limited Hours',
      all_gyms_access: false,
      gym: null,
      prices_count: 2,
      archived_at: null,
      hours: [{ day: 1, day_label: 'Monday', open_at: '06:00', close_at: '16:00' }],
    });
    expect(offering.gyms.map((g: { id: number }) => g.id).sort()).toEqual(
      [home.gymA.id, home.gymB.id].sort(),
    );
    expect(offering.prices.map((p: { formatted_amount: string }) => p.formatted_amount)).toEqual([
      '$25.00',
      '$99.00',
    ]);
    expect(offering.prices[1]).toMatchObject({
      is_term_membership: true,
      formatted_term: '12 months',
      total_value: 118800,
    });
    const [log] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'offering'), eq(activityLog.subjectId, offering.id)));
    expect(log).toMatchObject({
      action: 'offering.created',
      actorUserId: home.admin.id,
      organisationId: home.organisation.id,
    });
  });

  it('stores no hours for a 24/7 offering and no gyms for an all-gyms one', async () => {
    const res = await admin.post(
      '/api/offerings',
      offeringPayload([home.gymA.id], { type: '24_7', all_gyms_access: true }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      type: '24_7',
      type_label: '24/7',
      all_gyms_access: true,
      gyms: [],
      hours: [],
    });
  });

  it('creates a single-gym offering whose prices belong to that gym', async () => {
    const res = await admin.post('/api/offerings', offeringPayload([home.gymB.id], { gym_id: home.gymB.id }));
    expect(res.statusCode).toBe(201);
    const offering = res.json().data;
    expect(offering.gym).toEqual({ id: home.gymB.id, name: home.gymB.name });
    expect(offering.prices[0].gym).toEqual({ id: home.gymB.id, name: home.gymB.name });
  });

  it('follows the organisation’s offering permissions', async () => {
    await setOrganisation({ nonStop: false, limitedAccess: false, enableOfferings: false });
    try {
      const nonStop = await admin.post('/api/offerings', offeringPayload([home.gymA.id], { type: '24_7' }));
      expect(nonStop.statusCode).toBe(422);
      expect(nonStop.json().errors.type).toEqual([
        'The 24/7 offering type is not enabled for this organisation',
      ]);
      const limited = await admin.post('/api/offerings', offeringPayload([home.gymA.id]));
      expect(limited.json().errors.type).toEqual([
        'The Limited Hours offering type is not enabled for this organisation',
      ]);
      await setOrganisation({ limitedAccess: true });
      const single = await admin.post(
        '/api/offerings',
        offeringPayload([home.gymA.id], { gym_id: home.gymA.id }),
      );
      expect(single.statusCode).toBe(422);
      expect(single.json().errors.gym_id).toEqual([
        'Single-gym offerings are not enabled for this organisation',
      ]);
      expect((await admin.post('/api/offerings', offeringPayload([home.gymA.id]))).statusCode).toBe(201);
    } finally {
      await setOrganisation({ nonStop: true, limitedAccess: true, enableOfferings: true });
    }
  });

  it('offers only the billing frequencies the organisation switched on', async () => {
    await setOrganisation({ quarterly: false, sixMonthly: false });
    const res = await admin.post(
      '/api/offerings',
      offeringPayload([home.gymA.id], {
        prices: [
          weeklyPrice(),
          { amount: 30000, billing_frequency: 'quarterly' },
          { amount: 50000, billing_frequency: 'twice_yearly' },
        ],
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'prices.1.billing_frequency': ['Billing quarterly is not enabled for this organisation'],
      'prices.2.billing_frequency': ['Billing every 6 months is not enabled for this organisation'],
    });
  });

  it('lets a gym admin create offerings for their own gym only, never for all gyms', async () => {
    expect((await gymAdmin.post('/api/offerings', offeringPayload([home.gymA.id]))).statusCode).toBe(201);
    const other = await gymAdmin.post('/api/offerings', offeringPayload([home.gymA.id, home.gymB.id]));
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You can only change offerings of gyms you are an admin of.');
    const all = await gymAdmin.post('/api/offerings', offeringPayload([], { all_gyms_access: true }));
    expect(all.statusCode).toBe(403);
    expect(all.json().message).toBe('Only organisation admins can change offerings for all gyms.');
  });
});

describe('PUT /api/offerings/{id}', () => {
  it('changes the offering, replaces its hours and gyms, and leaves prices alone', async () => {
    const created = (await admin.post('/api/offerings', offeringPayload([home.gymA.id]))).json().data;
    const res = await admin.put(
      `/api/offerings/${created.id}`,
      offeringPayload([home.gymB.id], {
        name: 'Off-Peak Plus',
        hours: [
          { day: 6, open_at: '08:00', close_at: '12:00' },
          { day: 6, open_at: '13:00', close_at: '17:00' },
        ],
        prices: [],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: created.id,
      name: 'Off-Peak Plus',
      gyms: [{ id: home.gymB.id, name: home.gymB.name }],
      hours: [
        { day: 6, open_at: '08:00' },
        { day: 6, open_at: '13:00' },
      ],
      prices_count: 1,
    });
  });

  it('keeps working on an offering whose type the organisation has since switched off', async () => {
    const created = (
      await admin.post('/api/offerings', offeringPayload([home.gymA.id], { type: '24_7' }))
    ).json().data;
    await setOrganisation({ nonStop: false });
    try {
      const renamed = await admin.put(
        `/api/offerings/${created.id}`,
        offeringPayload([home.gymA.id], { type: '24_7', name: 'Renamed' }),
      );
      expect(renamed.statusCode).toBe(200);
      const read = await admin.get(`/api/offerings/${created.id}`);
      expect(read.json().data).toMatchObject({ id: created.id, name: 'Renamed', type: '24_7' });
    } finally {
      await setOrganisation({ nonStop: true });
    }
  });

  it('refuses a gym admin an offering of another gym, or moving theirs to another gym', async () => {
    const theirs = (await gymAdmin.post('/api/offerings', offeringPayload([home.gymA.id]))).json().data;
    expect(
      (await gymAdmin.put(`/api/offerings/${theirs.id}`, offeringPayload([home.gymB.id]))).statusCode,
    ).toBe(403);
    const notTheirs = await createOffering(t.db, {
      organisationId: home.organisation.id,
      gymIds: [home.gymB.id],
    });
    expect(
      (await gymAdmin.put(`/api/offerings/${notTheirs.id}`, offeringPayload([home.gymA.id]))).statusCode,
    ).toBe(403);
    const allGyms = await createOffering(t.db, { organisationId: home.organisation.id, allGymsAccess: true });
    expect(
      (await gymAdmin.put(`/api/offerings/${allGyms.id}`, offeringPayload([home.gymA.id]))).statusCode,
    ).toBe(403);
  });

  it('refuses to change an archived offering (409)', async () => {
    const archived = await createOffering(t.db, {
      organisationId: home.organisation.id,
      gymIds: [home.gymA.id],
      archivedAt: new Date(),
    });
    const res = await admin.put(`/api/offerings/${archived.id}`, offeringPayload([home.gymA.id]));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This offering is archived and can no longer be changed.');
  });
});

describe('DELETE /api/offerings/{id}/archive and DELETE /api/offerings/{id}', () => {
  it('archives the offering with its prices on sale; archiving again changes nothing', async () => {
    const created = (await admin.post('/api/offerings', offeringPayload([home.gymA.id]))).json().data;
    const res = await admin.del(`/api/offerings/${created.id}/archive`);
    expect(res.statusCode).toBe(200);
    const archived = res.json().data;
    expect(archived.archived_at).not.toBeNull();
    expect(archived.prices_count).toBe(0);
    expect(
      archived.prices.every((p: { archived_at: string | null }) => p.archived_at === archived.archived_at),
    ).toBe(true);
    const again = await admin.del(`/api/offerings/${created.id}/archive`);
    expect(again.json().data.archived_at).toBe(archived.archived_at);
  });

  it('deletes an offering nobody subscribed to, with its prices', async () => {
    const created = (await admin.post('/api/offerings', offeringPayload([home.gymA.id]))).json().data;
    const res = await admin.del(`/api/offerings/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect((await admin.get(`/api/offerings/${created.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(prices).where(eq(prices.offeringId, created.id))).toEqual([]);
  });

  it('refuses (409) to delete an offering with subscriptions, and keeps it', async () => {
    const offering = await createOffering(t.db, {
      organisationId: home.organisation.id,
      gymIds: [home.gymA.id],
    });
    const price = await createPrice(t.db, { organisationId: home.organisation.id, offeringId: offering.id });
    await createSubscription(t.db, {
      organisationId: home.organisation.id,
      gymId: home.gymA.id,
      userId: home.member.id,
      priceId: price.id,
      cancelledAt: new Date(),
    });
    const res = await admin.del(`/api/offerings/${offering.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This offering has subscriptions, so it cannot be deleted. Archive it instead.',
    );
    expect(await t.db.select().from(offerings).where(eq(offerings.id, offering.id))).toHaveLength(1);
  });
});
