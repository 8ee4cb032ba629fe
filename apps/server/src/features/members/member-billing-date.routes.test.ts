// Staff set a member's billing_date when adding them (issue 25 item 11: only the database set it). The
// rule of what a billing date may be is the domain's (billingDateProblem, shared with the pro-rata
// calculator), and the billing engine's first charge then runs pro-rata from the start date up to it
// (BILLING.md "First payment and pro-rata"), full periods after it.
import { addDays, calendarDateParts, toCalendarDate } from '@gym/domain/calendar-date';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charges, organisationMembers, subscriptions } from '../../db/schema/index';
import { createTenant, unique } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { runBillingDay } from '../billing';
import { billingDeps } from '../billing/billing.test-support';
import { catalogueOf, type Tenant } from './members.test-support';

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
