import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, gyms } from '../../db/schema/index';
import { createGym, createMember, createStaff, createTenant } from '../../test/factories';
import { createDestinationAccount, createPlaceWithDoors } from '../../test/gym-factories';
import { expectIsolated } from '../../test/isolation';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  other = await createTenant(t.db);
  admin = await signIn(t.app, home.admin.email);
  await createDestinationAccount(t.db, {
    organisationId: home.organisation.id,
    gymId: home.gymA.id,
    name: 'Central takings',
  });
  await createPlaceWithDoors(t.db, {
    organisationId: home.organisation.id,
    gymId: home.gymA.id,
    doors: [{ name: 'Side door', tracksVisits: false }, { name: 'Front door' }],
  });
  await t.db
    .update(gyms)
    .set({
      branchAppId: 'branch-app',
      branchKey: 'key_live_1',
      branchSecret: t.secrets.seal('branch-shh'),
      akahuAppToken: 'app_token_1',
      akahuAppSecret: t.secrets.seal('akahu-shh'),
      stripeId: `acct_${home.gymA.id}`,
    })
    .where(eq(gyms.id, home.gymA.id));
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT';
const call = (method: Method, url: string, cookie: string, payload?: unknown) =>
  t.app.inject(
    pageRequest({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as object }) }),
  );

describe('GET /api/gyms', () => {
  it('lists every gym of the organisation for its admins, with staff and member counts', async () => {
    await createMember(t.db, { organisationId: home.organisation.id, gymId: home.gymA.id });
    await createMember(t.db, { organisationId: home.organisation.id, gymId: home.gymB.id });
    await createStaff(t.db, {
      organisationId: home.organisation.id,
      gyms: [{ gymId: home.gymB.id, role: 'admin' }],
    });
    const res = await call('GET', '/api/gyms', admin);
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toEqual({ current_page: 1, per_page: 25, total: 2, last_page: 1 });
    expect(data.map((g: { name: string }) => g.name)).toEqual([home.gymA.name, home.gymB.name]);
    expect(data[0]).toEqual({
      id: home.gymA.id,
      uuid: home.gymA.uuid,
      name: home.gymA.name,
      logo: null,
      role: 'admin',
      role_label: 'Admin',
      has_payment_account: true,
      tracks_visits: true,
      // Everyone who can work there: its gym admin and trainer, and the organisation's admin.
      staff_count: 3,
      members_count: 2,
      created_at: expect.any(String),
    });
    expect(data[1]).toMatchObject({ staff_count: 2, members_count: 1, has_payment_account: false });
    expect(res.body).not.toContain(other.gymA.name);
  });

  it('lists only their own gyms, with their role, for gym staff', async () => {
    for (const [person, role] of [
      [home.gymAdmin, 'admin'],
      [home.trainer, 'personal_trainer'],
    ] as const) {
      const res = await call('GET', '/api/gyms', await signIn(t.app, person.email));
      expect(res.json().data.map((g: { id: number; role: string }) => [g.id, g.role])).toEqual([
        [home.gymA.id, role],
      ]);
      expect(res.json().meta.total).toBe(1);
    }
  });

  it('paginates and validates the query', async () => {
    const res = await call('GET', '/api/gyms?per_page=1&page=2', admin);
    expect(res.json().data.map((g: { id: number }) => g.id)).toEqual([home.gymB.id]);
    expect(res.json().meta).toMatchObject({ current_page: 2, last_page: 2 });
    expect((await call('GET', '/api/gyms?page=0', admin)).statusCode).toBe(422);
  });

  it('refuses members', async () => {
    const res = await call('GET', '/api/gyms', await signIn(t.app, home.member.email));
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/gyms/{id}', () => {
  it('answers the Gym entity with its account, place and doors, and never a secret', async () => {
    const res = await call('GET', `/api/gyms/${home.gymA.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: home.gymA.id,
      uuid: home.gymA.uuid,
      organisation: { id: home.organisation.id, name: home.organisation.name },
      role: 'admin',
      can_manage: true,
      stripe_id: `acct_${home.gymA.id}`,
      has_payment_account: true,
      break_fee_percentage: 0,
      formatted_break_fee: '0%',
      card_surcharge_percentage: 0,
      branch_app_id: 'branch-app',
      branch_key: 'key_live_1',
      branch_secret_set: true,
      akahu_app_token: 'app_token_1',
      akahu_app_secret_set: true,
      tracks_visits: true,
      destination_account: {
        id: expect.any(Number),
        name: 'Central takings',
        bank_account_number: '12-3140-0171323-50',
      },
      place: { id: expect.any(Number), name: 'Main building', place_id: expect.any(String) },
      doors: [
        { id: expect.any(Number), name: 'Front door', door_id: expect.any(String), tracks_visits: true },
        { id: expect.any(Number), name: 'Side door', door_id: expect.any(String), tracks_visits: false },
      ],
    });
    expect(res.body).not.toContain('shh');
    expect(res.body).not.toContain('v1:');
    expect(res.json().data).not.toHaveProperty('akahu_app_secret');
    expect(res.json().data).not.toHaveProperty('branch_secret');
  });

  it('shows trainers their gym without its payment and integration settings', async () => {
    const res = await call('GET', `/api/gyms/${home.gymA.id}`, await signIn(t.app, home.trainer.email));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      role: 'personal_trainer',
      can_manage: false,
      stripe_id: null,
      branch_key: null,
      branch_secret_set: false,
      akahu_app_token: null,
      akahu_app_secret_set: false,
      destination_account: null,
    });
    expect(res.body).not.toContain('0171323');
  });
});

describe('PUT /api/gyms/{id}', () => {
  it('changes the name, reply-to address, break fee (as basis points) and card surcharge', async () => {
    const res = await call('PUT', `/api/gyms/${home.gymB.id}`, admin, {
      name: '  North Shore  ',
      price_change_notification_reply_to: 'manager@northshore.example.co.nz',
      break_fee_percentage: 25.5,
      card_surcharge_percentage: 2.5,
      general_card_surcharge_text: 'Card payments carry a 2.5% surcharge.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'North Shore',
      price_change_notification_reply_to: 'manager@northshore.example.co.nz',
      break_fee_percentage: 25.5,
      formatted_break_fee: '25.5%',
      card_surcharge_percentage: 2.5,
      formatted_card_surcharge: '2.5%',
      general_card_surcharge_text: 'Card payments carry a 2.5% surcharge.',
    });
    const [row] = await t.db.select().from(gyms).where(eq(gyms.id, home.gymB.id));
    expect(row).toMatchObject({ breakFeeBasisPoints: 2550, cardSurchargeBasisPoints: 250 });
    const log = await t.db.select().from(activityLog).where(eq(activityLog.subjectId, home.gymB.id));
    expect(log.find((l) => l.action === 'gym.updated')).toMatchObject({
      actorUserId: home.admin.id,
      subjectType: 'gym',
    });
  });

  it('keeps fields that are not sent, and clears those sent empty', async () => {
    const res = await call('PUT', `/api/gyms/${home.gymB.id}`, admin, {
      name: 'North Shore',
      general_card_surcharge_text: '  ',
    });
    expect(res.json().data).toMatchObject({ break_fee_percentage: 25.5, general_card_surcharge_text: null });
  });

  it('validates with the specification messages', async () => {
    const res = await call('PUT', `/api/gyms/${home.gymB.id}`, admin, {
      name: ' ',
      price_change_notification_reply_to: 'not-an-email',
      break_fee_percentage: 100.5,
      card_surcharge_percentage: -1,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['Value is required'],
      price_change_notification_reply_to: ['Value is not a valid email address'],
      break_fee_percentage: ['The maximum value allowed is 100'],
      card_surcharge_percentage: ['The minimum value allowed is 0'],
    });
    const more = await call('PUT', `/api/gyms/${home.gymB.id}`, admin, {
      name: 'x',
      break_fee_percentage: 12.345,
      card_surcharge_percentage: 11,
    });
    expect(more.json().errors).toEqual({
      break_fee_percentage: ['Value may have at most 2 decimal places'],
      card_surcharge_percentage: ['The maximum value allowed is 10'],
    });
  });
});

describe('PUT /api/gyms/{id}/tracks-visits', () => {
  it('switches visit tracking', async () => {
    const res = await call('PUT', `/api/gyms/${home.gymB.id}/tracks-visits`, admin, { tracks_visits: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tracks_visits).toBe(false);
    const missing = await call('PUT', `/api/gyms/${home.gymB.id}/tracks-visits`, admin, {});
    expect(missing.json().errors).toEqual({ tracks_visits: ['Value is required'] });
  });
});

describe('who may read and change gyms', () => {
  const reads = (id: number) => [{ method: 'GET' as const, url: `/api/gyms/${id}` }];
  const writes = (id: number) => [
    { method: 'PUT' as const, url: `/api/gyms/${id}`, payload: { name: 'Taken Over' } },
    { method: 'PUT' as const, url: `/api/gyms/${id}/tracks-visits`, payload: { tracks_visits: false } },
    {
      method: 'PUT' as const,
      url: `/api/gyms/${id}/branch-config`,
      payload: { branch_app_id: 'a', branch_key: 'b', branch_secret: 'c' },
    },
    {
      method: 'PUT' as const,
      url: `/api/gyms/${id}/akahu-config`,
      payload: { akahu_app_token: 'a', akahu_app_secret: 'b' },
    },
    {
      method: 'POST' as const,
      url: `/api/gyms/${id}/destination-accounts`,
      payload: {
        name: 'x',
        bank_account_number: '12-3140-0171323-50',
        bank_account_number_confirmation: '12-3140-0171323-50',
      },
    },
  ];
  const cases = (
    list: (InjectOptions & { method: string; url: string })[],
    refusedWith: number[],
    mustNotContain: string[] = [],
  ) =>
    list.map((request) => ({
      name: `${request.method} ${request.url}`,
      request,
      refusedWith,
      mustNotContain,
    }));

  it('answers 404 for another organisation’s gym, and changes nothing', async () => {
    await expectIsolated(
      t.app,
      admin,
      cases([...reads(other.gymA.id), ...writes(other.gymA.id)], [404], [other.gymA.name]),
    );
    const [row] = await t.db.select().from(gyms).where(eq(gyms.id, other.gymA.id));
    expect(row!.name).toBe(other.gymA.name);
  });

  it('lets gym admins change only their own gyms (403 for the others)', async () => {
    const gymAdmin = await signIn(t.app, home.gymAdmin.email);
    await expectIsolated(t.app, gymAdmin, cases([...reads(home.gymB.id), ...writes(home.gymB.id)], [403]));
    const own = await call('PUT', `/api/gyms/${home.gymA.id}/tracks-visits`, gymAdmin, {
      tracks_visits: true,
    });
    expect(own.statusCode).toBe(200);
  });

  it('lets trainers read their gym and change nothing', async () => {
    const trainer = await signIn(t.app, home.trainer.email);
    await expectIsolated(t.app, trainer, cases(writes(home.gymA.id), [403]));
    await expectIsolated(t.app, trainer, cases(reads(home.gymB.id), [403]));
  });

  it('answers 404 for a gym added to another organisation later', async () => {
    const elsewhere = await createGym(t.db, other.organisation.id);
    await expectIsolated(t.app, admin, cases(reads(elsewhere.id), [404], [elsewhere.name]));
  });
});
