// Staff set a member's billing_date when adding them or on the member's page (PUT /api/members/{id}),
// (issue 25 item 11: only the database set it). The
// rule of what a billing date may be is the domain's (billingDateProblem, shared with the pro-rata
// calculator), and the billing engine's first charge then runs pro-rata from the start date up to it
// (BILLING.md "First payment and pro-rata"), full periods after it.
import { randomUUID } from 'node:crypto';
import { INVALID_DATE } from '@gym/domain/api/members-requests';
import { BILLING_DATE_CHANGE_PROBLEMS } from '@gym/domain/billing-schedule';
import { addDays, calendarDateParts, DATE_OUT_OF_RANGE, toCalendarDate } from '@gym/domain/calendar-date';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, charges, organisationMembers, subscriptions } from '../../db/schema/index';
import { createStaff, createTenant, unique } from '../../test/factories';
import { expectIsolated } from '../../test/isolation';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { runBillingDay } from '../billing';
import { billingDeps } from '../billing/billing.test-support';
import {
  call,
  connectBank,
  joinableGym,
  registerAndVerify,
  registration,
} from '../registration/registration.test-support';
import { catalogueOf, memberIn, type Tenant } from './members.test-support';

let t: TestApp;
let home: Tenant;
let admin: string;
let cat: Awaited<ReturnType<typeof catalogueOf>>;

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db, 'Harbour Fitness');
  cat = await catalogueOf(t.db, home);
  admin = await signIn(t.app, home.admin.email);
});
afterAll(() => t.close());

const add = (overrides: Record<string, unknown>) =>
  t.app.inject(
    pageRequest({
      method: 'POST',
      url: '/api/members',
      cookie: admin,
      payload: {
        name: 'Rangi Billing',
        email: `${unique('rangi')}@example.co.nz`,
        mobile_number: '021 555 0101',
        gym_id: home.gymA.id,
        // $25 a week.
        price_id: cat.weekly.id,
        ...overrides,
      },
    }),
  );

describe('POST /api/members with a billing date', () => {
  it('keeps it, anchors the membership on it, and the first charge runs pro-rata up to it', async () => {
    const today = toCalendarDate(t.clock.now());
    const start = addDays(today, 2);
    const billing = addDays(start, 3);
    const res = await add({ start_date: start, billing_date: billing });
    expect(res.statusCode, res.body).toBe(201);
    const userId = res.json().data.id;
    const [member] = await t.db
      .select()
      .from(organisationMembers)
      .where(eq(organisationMembers.userId, userId));
    expect(member!.billingDate).toBe(billing);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(sub!.anchorDay).toBe(calendarDateParts(billing).day);

    // The member confirms (the join site's part), and the run reaches the start date.
    await t.db
      .update(subscriptions)
      .set({ isStaging: false, upcomingState: null })
      .where(eq(subscriptions.id, sub!.id));
    await runBillingDay(billingDeps(t), start);
    const made = await t.db
      .select()
      .from(charges)
      .where(and(eq(charges.subscriptionId, sub!.id), eq(charges.kind, 'period')));
    // 3 of the week's 7 days: $25 × 3 ÷ 7 = $10.714… → $10.71, from the start date to the billing date.
    expect(made.map((c) => [c.periodStart, c.periodEnd, c.amount, c.isProRata])).toEqual([
      [start, billing, 1071, true],
    ]);
    // Full weeks from the billing date on.
    await runBillingDay(billingDeps(t), billing);
    const next = await t.db
      .select()
      .from(charges)
      .where(and(eq(charges.subscriptionId, sub!.id), eq(charges.periodStart, billing)));
    expect(next.map((c) => [c.periodEnd, c.amount, c.isProRata])).toEqual([
      [addDays(billing, 7), 2500, false],
    ]);
  });

  it('answers 422 with the calculator’s messages for a billing date before the start or a period past it', async () => {
    const start = addDays(toCalendarDate(t.clock.now()), 2);
    const before = await add({ start_date: start, billing_date: addDays(start, -1) });
    expect(before.statusCode, before.body).toBe(422);
    expect(before.json().errors.billing_date).toEqual(['The billing date cannot be before the start date']);
    const far = await add({ start_date: start, billing_date: addDays(start, 8) });
    expect(far.statusCode, far.body).toBe(422);
    expect(far.json().errors.billing_date).toEqual([
      'The billing date must be within one billing period of the start date',
    ]);
    const bad = await add({ start_date: start, billing_date: '2026-02-30' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.billing_date).toBeDefined();
  });

  it('without one, the first charge is a full week from the start date', async () => {
    const start = addDays(toCalendarDate(t.clock.now()), 2);
    const res = await add({ start_date: start });
    expect(res.statusCode, res.body).toBe(201);
    const userId = res.json().data.id;
    const [member] = await t.db
      .select()
      .from(organisationMembers)
      .where(eq(organisationMembers.userId, userId));
    expect(member!.billingDate).toBeNull();
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    await t.db
      .update(subscriptions)
      .set({ isStaging: false, upcomingState: null })
      .where(eq(subscriptions.id, sub!.id));
    await runBillingDay(billingDeps(t), start);
    const made = await t.db.select().from(charges).where(eq(charges.subscriptionId, sub!.id));
    expect(made.map((c) => [c.periodStart, c.periodEnd, c.amount])).toEqual([
      [start, addDays(start, 7), 2500],
    ]);
  });
});

describe('PUT /api/members/{id} with a billing date', () => {
  const put = (id: number, payload: Record<string, unknown>, cookie = admin) =>
    t.app.inject(pageRequest({ method: 'PUT', url: `/api/members/${id}`, cookie, payload }));
  const stored = async (userId: number) => {
    const [member] = await t.db
      .select()
      .from(organisationMembers)
      .where(eq(organisationMembers.userId, userId));
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return { billingDate: member!.billingDate, anchorDay: sub!.anchorDay, subscriptionId: sub!.id };
  };
  /** A member staff added, starting in two days, waiting to confirm on the join site. */
  const added = async (overrides: Record<string, unknown> = {}) => {
    const start = addDays(toCalendarDate(t.clock.now()), 2);
    const res = await add({ start_date: start, ...overrides });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().data.id as number, start };
  };

  it('sets it, shows it, anchors the membership on it, and logs the change', async () => {
    const { id, start } = await added();
    const billing = addDays(start, 3);
    const before = (
      await t.app.inject(pageRequest({ method: 'GET', url: `/api/members/${id}`, cookie: admin }))
    ).json().data;
    expect(before).toMatchObject({ billing_date: null, billing_date_locked_reason: null });
    const res = await put(id, { billing_date: billing });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ billing_date: billing, billing_date_locked_reason: null });
    const after = await stored(id);
    expect(after).toMatchObject({ billingDate: billing, anchorDay: calendarDateParts(billing).day });
    const entries = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.userId, id))
      .orderBy(asc(activityLog.id));
    const changed = entries.find((e) => e.action === 'subscription.billing_date_changed');
    expect(changed).toMatchObject({
      actorUserId: home.admin.id,
      subjectType: 'subscription',
      subjectId: after.subscriptionId,
      data: { from_billing_date: null, billing_date: billing, anchor_day: calendarDateParts(billing).day },
    });
    expect(entries.find((e) => e.action === 'member.updated')?.data).toEqual({ fields: ['billing_date'] });
  });

  it('clears it with null, keeps it when absent or blank, and sending it unchanged changes nothing', async () => {
    const { id, start } = await added();
    const billing = addDays(start, 4);
    expect((await put(id, { billing_date: billing })).statusCode).toBe(200);
    const kept = await put(id, { notes: 'Prefers mornings' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ billing_date: billing, notes: 'Prefers mornings' });
    expect((await put(id, { billing_date: '' })).json().data.billing_date).toBe(billing);
    const logged = async () =>
      (await t.db.select().from(activityLog).where(eq(activityLog.userId, id))).filter(
        (e) => e.action === 'subscription.billing_date_changed',
      ).length;
    expect(await logged()).toBe(1);
    expect((await put(id, { billing_date: billing })).statusCode).toBe(200);
    expect(await logged()).toBe(1);
    const cleared = await put(id, { billing_date: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.billing_date).toBeNull();
    expect(await stored(id)).toMatchObject({ billingDate: null, anchorDay: calendarDateParts(start).day });
    expect(await logged()).toBe(2);
  });

  it('answers 422 at billing_date for a date that is not one, out of range, past, before the start or too far', async () => {
    const { id, start } = await added();
    const today = toCalendarDate(t.clock.now());
    const cases: [unknown, string][] = [
      ['2026-02-30', INVALID_DATE],
      ['next week', INVALID_DATE],
      [20270120, INVALID_DATE],
      ['3000-01-01', DATE_OUT_OF_RANGE],
      [addDays(today, -1), BILLING_DATE_CHANGE_PROBLEMS.in_past],
      [addDays(start, -1), BILLING_DATE_CHANGE_PROBLEMS.before_start],
      [addDays(start, 8), BILLING_DATE_CHANGE_PROBLEMS.too_far],
    ];
    for (const [value, message] of cases) {
      const res = await put(id, { billing_date: value, notes: 'not saved' });
      expect(res.statusCode, `${String(value)}: ${res.body}`).toBe(422);
      expect(res.json().errors.billing_date, String(value)).toEqual([message]);
    }
    expect(await stored(id)).toMatchObject({ billingDate: null, anchorDay: calendarDateParts(start).day });
    const [member] = await t.db.select().from(organisationMembers).where(eq(organisationMembers.userId, id));
    expect(member!.notes).toBeNull();
  });

  it('answers 422 once the membership’s billing is running, and leaves the date as it was', async () => {
    const { user } = await memberIn(t.db, {
      tenant: home,
      gymId: home.gymA.id,
      priceId: cat.weekly.id,
      state: 'active',
      now: t.clock.now(),
    });
    const shown = (
      await t.app.inject(pageRequest({ method: 'GET', url: `/api/members/${user.id}`, cookie: admin }))
    ).json().data;
    expect(shown.billing_date_locked_reason).toBe(BILLING_DATE_CHANGE_PROBLEMS.billing_running);
    // A date kept from before its first charge: it no longer shapes anything, set or cleared.
    const today = toCalendarDate(t.clock.now());
    const kept = addDays(today, -6);
    await t.db
      .update(organisationMembers)
      .set({ billingDate: kept })
      .where(eq(organisationMembers.userId, user.id));
    for (const billing_date of [addDays(today, 1), null]) {
      const res = await put(user.id, { billing_date, notes: 'Not saved' });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.billing_date).toEqual([BILLING_DATE_CHANGE_PROBLEMS.billing_running]);
    }
    // Sent as stored (the edit form sends every field) is no change: the rest of the edit saves.
    const same = await put(user.id, { billing_date: kept, notes: 'Kept' });
    expect(same.statusCode, same.body).toBe(200);
    const [member] = await t.db
      .select()
      .from(organisationMembers)
      .where(eq(organisationMembers.userId, user.id));
    expect(member).toMatchObject({ billingDate: kept, notes: 'Kept' });
  });

  it('answers 422 for a member with no membership to shape', async () => {
    const res = await put(home.member.id, { billing_date: addDays(toCalendarDate(t.clock.now()), 3) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.billing_date).toEqual([BILLING_DATE_CHANGE_PROBLEMS.no_membership]);
  });

  it('answers 404 for another organisation’s member, and changes nothing', async () => {
    const other = await createTenant(t.db, 'Other Gym Co');
    const otherCat = await catalogueOf(t.db, other);
    const otherAdmin = await signIn(t.app, other.admin.email);
    const theirs = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: '/api/members',
        cookie: otherAdmin,
        payload: {
          name: 'Tama Other',
          email: `${unique('tama')}@example.co.nz`,
          mobile_number: '021 555 0199',
          gym_id: other.gymA.id,
          price_id: otherCat.weekly.id,
          start_date: addDays(toCalendarDate(t.clock.now()), 2),
        },
      }),
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
    const theirId = theirs.json().data.id as number;
    await expectIsolated(t.app, admin, [
      {
        name: 'PUT another organisation’s member’s billing date',
        request: {
          method: 'PUT',
          url: `/api/members/${theirId}`,
          payload: { billing_date: addDays(toCalendarDate(t.clock.now()), 4) },
        },
        refusedWith: [404],
        mustNotContain: ['Tama Other'],
      },
    ]);
    expect((await stored(theirId)).billingDate).toBeNull();
  });

  it('the first payment after the member confirms runs pro-rata to the date staff set', async () => {
    const { organisation, gym, price } = await joinableGym(t);
    const staff = await createStaff(t.db, { organisationId: organisation.id, role: 'admin' });
    const staffCookie = await signIn(t.app, staff.email);
    const cookie = await registerAndVerify(t, registration({ gym_id: gym.id, price_id: price.id }));
    const c = call(t, cookie);
    const me = (await c.get('/api/me')).json().data;
    const today = toCalendarDate(t.clock.now());
    const billing = addDays(today, 3);
    const set = await put(me.id, { billing_date: billing }, staffCookie);
    expect(set.statusCode, set.body).toBe(200);
    expect((await c.get('/api/me')).json().data.billing_date).toBe(billing);
    await connectBank(t, cookie);
    // $25.00 a week × 3 of 7 days = $10.71, plus the $10.00 joining fee.
    expect((await c.get('/api/me/active-subscription')).json().data.first_payment).toMatchObject({
      period_end: billing,
      amount: 2071,
    });
    const confirmed = await c.post('/api/subscriptions', { idempotency_key: randomUUID() });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const subId = confirmed.json().data.id as number;
    const made = await t.db.select().from(charges).where(eq(charges.subscriptionId, subId));
    expect(made.map((x) => [x.periodStart, x.periodEnd, x.amount, x.isProRata])).toEqual([
      [today, billing, 2071, true],
    ]);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subId));
    expect(sub!.anchorDay).toBe(calendarDateParts(billing).day);
    // Charged: the page shows the date read-only, and a change is refused.
    const shown = (
      await t.app.inject(pageRequest({ method: 'GET', url: `/api/members/${me.id}`, cookie: staffCookie }))
    ).json().data;
    expect(shown).toMatchObject({
      billing_date: billing,
      billing_date_locked_reason: BILLING_DATE_CHANGE_PROBLEMS.billing_running,
    });
    const late = await put(me.id, { billing_date: addDays(billing, 1) }, staffCookie);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.billing_date).toEqual([BILLING_DATE_CHANGE_PROBLEMS.billing_running]);
  });
});

describe('the OpenAPI document', () => {
  it('describes billing_date on adding and editing a member, a nullable date on the edit', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const bodyOf = (path: string, method: string) =>
      doc.paths[path][method].requestBody.content['application/json'].schema.properties.billing_date;
    const edit = bodyOf('/api/members/{id}', 'put');
    expect(edit.description).toMatch(/null clears it/);
    expect(JSON.stringify(edit)).toContain('null');
    expect(bodyOf('/api/members', 'post').description).toMatch(/pro-rata/);
  });
});
