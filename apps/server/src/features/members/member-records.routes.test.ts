import {
  addDays,
  type CalendarDate,
  dayOfWeek,
  startOfDayInstant,
  toCalendarDate,
} from '@gym/domain/calendar-date';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendActivity } from '../../db/activity';
import {
  accessControlIntegrations,
  accessCredentials,
  bankAccounts,
  cards,
  charges,
  organisationMembers,
  payments,
  paymentTypes,
  places,
  subscriptions,
} from '../../db/schema/index';
import { createTenant, unique } from '../../test/factories';
import { createVisit } from '../../test/gym-factories';
import { expectIsolated } from '../../test/isolation';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { connectKisi, KISI_KEY, kisiApi } from '../access-control/access-control.test-support';
import { catalogueOf, memberIn, type Tenant } from './members.test-support';

let t: TestApp;
let home: Tenant;
let other: Tenant;
let admin: string;
let gymAdmin: string;
let trainer: string;
let otherAdmin: string;
let mere: { id: number; email: string };
let subscriptionId: number;
let thisMonday: CalendarDate;

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db, 'Harbour Fitness');
  other = await createTenant(t.db, 'Other Gyms Ltd');
  const cat = await catalogueOf(t.db, home);
  const now = t.clock.now();
  const made = await memberIn(t.db, {
    tenant: home,
    now,
    gymId: home.gymA.id,
    priceId: cat.weekly.id,
    state: 'active',
    name: 'Mere Records',
  });
  mere = made.user;
  subscriptionId = made.subscription.id;
  const organisationId = home.organisation.id;
  const today = toCalendarDate(now);
  thisMonday = addDays(today, 1 - dayOfWeek(today));
  const lastMonday = addDays(thisMonday, -7);
  // Last week paid in full ($25 for 7 days) and visited twice; this week charged, unpaid, visited once.
  const [paid] = await t.db
    .insert(charges)
    .values({
      organisationId,
      subscriptionId,
      periodStart: lastMonday,
      periodEnd: thisMonday,
      dueDate: lastMonday,
      amount: 2500,
      status: 'paid',
    })
    .returning();
  await t.db.insert(charges).values({
    organisationId,
    subscriptionId,
    periodStart: thisMonday,
    periodEnd: addDays(thisMonday, 7),
    dueDate: thisMonday,
    amount: 2500,
  });
  for (let i = 0; i < 3; i += 1) {
    await t.db.insert(payments).values({
      organisationId,
      gymId: home.gymA.id,
      userId: mere.id,
      subscriptionId,
      chargeId: paid!.id,
      type: i === 2 ? 'cash' : 'bank_account',
      amount: 2500,
      status: i === 2 ? 'sent' : 'failed',
      errorStatus: i === 2 ? null : 'declined',
      idempotencyKey: unique('key'),
      processedBy: i === 2 ? home.admin.id : null,
      createdAt: new Date(now.getTime() - (3 - i) * 3_600_000),
    });
  }
  for (const at of [
    startOfDayInstant(addDays(lastMonday, 1)),
    startOfDayInstant(addDays(lastMonday, 3)),
    startOfDayInstant(thisMonday),
  ]) {
    await createVisit(t.db, {
      organisationId,
      gymId: home.gymA.id,
      userId: mere.id,
      visitedAt: new Date(at.getTime() + 8 * 3_600_000),
    });
  }
  const [bank] = await t.db
    .insert(paymentTypes)
    .values({ organisationId, userId: mere.id, type: 'bank_account' })
    .returning();
  await t.db.insert(bankAccounts).values({
    paymentTypeId: bank!.id,
    organisationId,
    akahuAccountId: 'acc_1',
    accountNumber: '12-3456-0123456-00',
    name: 'Everyday',
  });
  const [card] = await t.db
    .insert(paymentTypes)
    .values({ organisationId, userId: mere.id, type: 'stripe_card', gymId: home.gymA.id })
    .returning();
  await t.db.insert(cards).values({
    paymentTypeId: card!.id,
    organisationId,
    stripeCustomerId: 'cus_1',
    stripePaymentMethodId: 'pm_1',
    brand: 'visa',
    expMonth: 12,
    expYear: 2030,
    lastFour: '4242',
  });
  await t.db
    .update(organisationMembers)
    .set({ defaultPaymentTypeId: bank!.id })
    .where(eq(organisationMembers.userId, mere.id));
  await appendActivity(t.db, {
    organisationId,
    actorUserId: home.admin.id,
    userId: mere.id,
    subjectType: 'member',
    subjectId: mere.id,
    action: 'member.updated',
    data: { fields: ['notes'] },
  });
  admin = await signIn(t.app, home.admin.email);
  gymAdmin = await signIn(t.app, home.gymAdmin.email);
  trainer = await signIn(t.app, home.trainer.email);
  otherAdmin = await signIn(t.app, other.admin.email);
});
afterAll(() => t.close());

const get = (url: string, cookie = admin) => t.app.inject(pageRequest({ method: 'GET', url, cookie }));
const post = (url: string, cookie = admin, payload: object = {}) =>
  t.app.inject(pageRequest({ method: 'POST', url, cookie, payload }));

describe('the member’s records', () => {
  it('pages their payments, most recent first, with who processed a manual one', async () => {
    const res = await get(`/api/users/${mere.id}/payments?per_page=2`);
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toEqual({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(data[0]).toMatchObject({
      type: 'cash',
      status: 'sent',
      status_class: 'successful',
      formatted_amount: '$25.00',
      processed_by: { id: home.admin.id },
      subscription: subscriptionId,
    });
    expect(data[1]).toMatchObject({ status: 'failed', status_class: 'failed', error_status: 'declined' });
    const past = (await get(`/api/users/${mere.id}/payments?page=5`)).json();
    expect(past).toMatchObject({ data: [], meta: { total: 3 } });
  });

  it('pages their visits, most recent first', async () => {
    const { data, meta } = (await get(`/api/users/${mere.id}/visits?per_page=2`, trainer)).json();
    expect(meta.total).toBe(3);
    expect(data).toHaveLength(2);
    expect(new Date(data[0].visited_at) > new Date(data[1].visited_at)).toBe(true);
    expect(data[0].gym).toEqual({ id: home.gymA.id, name: home.gymA.name });
  });

  it('lists their payment methods, the default marked', async () => {
    const { data } = (await get(`/api/members/${mere.id}/payment-types`)).json();
    expect(data).toHaveLength(2);
    const bank = data.find((p: { type: string }) => p.type === 'bank_account');
    expect(bank).toMatchObject({
      is_default: true,
      model: { kind: 'bank_account', account_number: '12-3456-0123456-00', name: 'Everyday' },
    });
    const card = data.find((p: { type: string }) => p.type === 'stripe_card');
    expect(card).toMatchObject({
      is_default: false,
      model: { kind: 'stripe_card', last_four: '4242', exp_year: 2030 },
    });
  });

  it('pages the activity log about them, with who acted', async () => {
    const { data } = (await get(`/api/members/${mere.id}/activity-log`)).json();
    expect(data[0]).toMatchObject({
      action: 'member.updated',
      actor: { id: home.admin.id },
      data: { fields: ['notes'] },
    });
  });

  it('shapes the charts by week', async () => {
    const lastMonday = addDays(thisMonday, -7);
    const visits = (await get(`/api/members/${mere.id}/weekly-visits?weeks=3`)).json().data;
    expect(visits).toEqual([
      { week_start: addDays(thisMonday, -14), visits: 0 },
      { week_start: lastMonday, visits: 2 },
      { week_start: thisMonday, visits: 1 },
    ]);
    const periods = (await get(`/api/members/${mere.id}/subscription-periods?weeks=3`)).json().data;
    expect(periods.map((p: { period_start: string; status: string }) => [p.period_start, p.status])).toEqual([
      [lastMonday, 'paid'],
      [thisMonday, 'unpaid'],
    ]);
    const cost = (await get(`/api/members/${mere.id}/weekly-cost-per-visit?weeks=2`)).json().data;
    expect(cost).toEqual([
      {
        week_start: lastMonday,
        paid: 2500,
        formatted_paid: '$25.00',
        visits: 2,
        cost_per_visit: 1250,
        formatted_cost_per_visit: '$12.50',
      },
      {
        week_start: thisMonday,
        paid: 0,
        formatted_paid: '$0.00',
        visits: 1,
        cost_per_visit: 0,
        formatted_cost_per_visit: '$0.00',
      },
    ]);
    expect((await get(`/api/members/${mere.id}/weekly-visits?weeks=0`)).statusCode).toBe(422);
    expect((await get(`/api/members/${mere.id}/weekly-visits?weeks=500`)).json().errors.weeks).toEqual([
      'The maximum value allowed is 104',
    ]);
  });
});

describe('door access', () => {
  it('says what the rules want and what Kisi holds, lists credentials, and makes a new Kisi login', async () => {
    const before = (await get(`/api/members/${mere.id}/access-control`)).json().data;
    expect(before).toEqual({ should_have_access: true, has_access: false, integration: null, place: null });
    expect((await post(`/api/users/${mere.id}/recreate-kisi-login`)).statusCode).toBe(409);
    await connectKisi(t, home.organisation.id, admin);
    const { placeId } = kisiApi(t).seed();
    await t.db.insert(places).values({
      organisationId: home.organisation.id,
      gymId: home.gymA.id,
      integrationId: (
        await t.db
          .select()
          .from(accessControlIntegrations)
          .where(eq(accessControlIntegrations.organisationId, home.organisation.id))
      )[0]!.id,
      placeId: String(placeId),
      name: 'Central doors',
    });
    expect((await post(`/api/users/${mere.id}/recreate-kisi-login`, trainer)).statusCode).toBe(403);
    const made = await post(`/api/users/${mere.id}/recreate-kisi-login`, gymAdmin);
    expect(made.statusCode, made.body).toBe(200);
    const first = made.json().data;
    expect(first.login_secret).toEqual(expect.any(String));
    // Her membership gives door access: the new login opens the doors at once (the sync gave the role).
    expect(first.credential).toMatchObject({ place: { name: 'Central doors' }, has_door_access: true });
    const again = (await post(`/api/users/${mere.id}/recreate-kisi-login`)).json().data;
    expect(again.credential.login_id).not.toBe(first.credential.login_id);
    const creds = (await get(`/api/members/${mere.id}/access-control-credentials`, trainer)).json().data;
    expect(creds).toHaveLength(1);
    expect(creds[0].login_id).toBe(again.credential.login_id);
    const after = (await get(`/api/members/${mere.id}/access-control`)).json().data;
    expect(after).toMatchObject({
      should_have_access: true,
      has_access: true,
      integration: { integration_type: 'kisi' },
      place: { name: 'Central doors', gym: { id: home.gymA.id } },
    });
  });

  it('never gives door access with a new login to a member whose membership does not give it', async () => {
    // An organisation of its own (the lists above count this one's members), with Kisi and a place.
    const doors = await createTenant(t.db, unique('Door Gyms'));
    const doorsAdmin = await signIn(t.app, doors.admin.email);
    const cat = await catalogueOf(t.db, doors);
    await connectKisi(t, doors.organisation.id, doorsAdmin);
    const kisi = t.providers.kisi(KISI_KEY);
    const { placeId: kisiPlace, lockIds } = kisiApi(t).seed();
    const [integration] = await t.db
      .select()
      .from(accessControlIntegrations)
      .where(eq(accessControlIntegrations.organisationId, doors.organisation.id));
    const [place] = await t.db
      .insert(places)
      .values({
        organisationId: doors.organisation.id,
        gymId: doors.gymA.id,
        integrationId: integration!.id,
        placeId: String(kisiPlace),
        name: 'Door Gyms Central',
      })
      .returning();
    const unlock = (secret: string) =>
      fetch(`${t.sandbox.kisi.url}/locks/${lockIds[0]}/unlock`, {
        method: 'POST',
        headers: { authorization: `KISI-LOGIN ${secret}`, 'content-type': 'application/json' },
        body: '{}',
      });
    const yesterday = addDays(toCalendarDate(t.clock.now()), -1);
    for (const state of ['paused', 'cancelled', 'grace ended'] as const) {
      const made = await memberIn(t.db, {
        tenant: doors,
        now: t.clock.now(),
        gymId: doors.gymA.id,
        priceId: cat.weekly.id,
        state: state === 'grace ended' ? 'grace' : state,
        name: unique(`Door ${state}`),
      });
      // Grace ran out unpaid yesterday: the run cancelled the membership that day, owing kept.
      if (state === 'grace ended')
        await t.db
          .update(subscriptions)
          .set({ gracePeriodEndsAt: yesterday, cancelledAt: startOfDayInstant(yesterday), endsAt: yesterday })
          .where(eq(subscriptions.id, made.subscription.id));
      // Before the pause (or the cancellation, or grace running out) they held the door role, and the
      // sync that should have taken it away did not get through to Kisi.
      const { userId: kisiUser } = await kisi.ensureUser({ email: made.user.email, name: state });
      const role = await kisi.grantStaffAccess({
        userId: kisiUser,
        placeId: Number(place!.placeId),
        roleId: 'basic',
      });
      await t.db.insert(accessCredentials).values({
        organisationId: doors.organisation.id,
        userId: made.user.id,
        placeId: place!.id,
        externalUserId: String(kisiUser),
        roleAssignmentId: String(role.roleAssignmentId),
        status: 'active',
      });

      const res = await post(`/api/users/${made.user.id}/recreate-kisi-login`, doorsAdmin);
      expect(res.statusCode, `${state}: ${res.body}`).toBe(200);
      const { credential, login_secret: secret } = res.json().data;
      expect(credential, state).toMatchObject({ status: 'revoked', has_door_access: false });
      expect(await kisiApi(t).roleAssignments(kisiUser), state).toEqual([]);
      // The new login signs them in to Kisi, and the door stays shut.
      expect((await unlock(secret)).status, state).toBe(403);
      expect(
        (await get(`/api/members/${made.user.id}/access-control`, doorsAdmin)).json().data,
        state,
      ).toMatchObject({
        should_have_access: false,
        has_access: false,
      });
      // Asked again, still nothing.
      const again = (await post(`/api/users/${made.user.id}/recreate-kisi-login`, doorsAdmin)).json().data;
      expect(again.credential.has_door_access, state).toBe(false);
      expect((await unlock(again.login_secret)).status, state).toBe(403);
    }
  });
});

describe('POST /api/members/export', () => {
  const exportCsv = (payload: object, cookie = admin) =>
    t.app.inject(pageRequest({ method: 'POST', url: '/api/members/export', cookie, payload }));

  it('streams the filtered list as CSV', async () => {
    const res = await exportCsv({ search: 'mere' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    // The one export format: a byte-order mark (Excel reads macrons), readable headers, New Zealand
    // dates, amounts as numbers.
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Member ID,Name,Email,Mobile,Home gym,State,Offering,Price (NZD),Billing frequency,Next payment date,Balance owing (NZD),Last visit,Joined,Tags',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${mere.id},Mere Records,${mere.email}`);
    expect(lines[1]).toMatch(/,Active,Anytime,25\.00,Weekly,(\d{2}\/\d{2}\/\d{4})?,0\.00,/);
    // Joined: a date the New Zealand way, not an instant in UTC.
    expect(lines[1]).toMatch(/,\d{2}\/\d{2}\/\d{4},[^,]*$/);
    expect(lines[1]).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    const all = (await exportCsv({})).body.trim().split('\r\n');
    expect(all).toHaveLength(3);
  });

  it('is for admins, scoped to their gyms, and validates the filters', async () => {
    expect((await exportCsv({}, trainer)).statusCode).toBe(403);
    const theirs = await exportCsv({}, gymAdmin);
    expect(theirs.statusCode).toBe(200);
    expect((await exportCsv({ gym_id: home.gymB.id }, gymAdmin)).statusCode).toBe(403);
    const bad = await exportCsv({ state: 'frozen', joined_from: 'yesterday' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['joined_from', 'state']);
    const elsewhere = await exportCsv({}, otherAdmin);
    expect(elsewhere.body).not.toContain('Mere Records');
  });
});

describe('another organisation', () => {
  it('gets 404 for every per-member call, and none of the data', async () => {
    const url = (path: string) => ({ method: 'GET' as const, url: path.replace(':id', String(mere.id)) });
    await expectIsolated(
      t.app,
      otherAdmin,
      [
        '/api/users/:id/payments',
        '/api/users/:id/visits',
        '/api/members/:id/payment-types',
        '/api/members/:id/activity-log',
        '/api/members/:id/access-control',
        '/api/members/:id/access-control-credentials',
        '/api/members/:id/weekly-visits',
        '/api/members/:id/subscription-periods',
        '/api/members/:id/weekly-cost-per-visit',
      ]
        .map((path) => ({
          name: path,
          request: url(path),
          refusedWith: [404],
          mustNotContain: ['Mere Records'],
        }))
        .concat([
          {
            name: 'recreate-kisi-login',
            request: {
              method: 'POST',
              url: `/api/users/${mere.id}/recreate-kisi-login`,
              payload: {},
            } as never,
            refusedWith: [404],
            mustNotContain: [],
          },
        ]),
    );
  });
});
