// Shared steps of the subscription-action tests: a tenant with signed-in people of every role, members on
// weekly prices (paid for a period around today, or starting later), a failed charge that puts a member
// in arrears, and reading back what changed.
import { addDays, type CalendarDate, calendarDateParts, todayInAuckland } from '@gym/domain/calendar-date';
import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import {
  activityLog,
  charges,
  payments,
  priceChanges,
  subscriptionPauses,
  subscriptions,
} from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createMember, createTenant, unique } from '../../test/factories';
import { createDestinationAccount } from '../../test/gym-factories';
import { signIn } from '../../test/sign-in';
import { pageRequest, type TestApp } from '../../test/test-app';
import { settleCharge } from '../billing';

export type Tenant = Awaited<ReturnType<typeof createTenant>>;

export interface World {
  t: TestApp;
  tenant: Tenant;
  cookies: { admin: string; gymAdmin: string; trainer: string; member: string; otherAdmin: string };
  other: Tenant;
}

export async function makeWorld(t: TestApp): Promise<World> {
  const tenant = await createTenant(t.db);
  const other = await createTenant(t.db);
  for (const gym of [tenant.gymA, tenant.gymB])
    await createDestinationAccount(t.db, { organisationId: tenant.organisation.id, gymId: gym.id });
  return {
    t,
    tenant,
    other,
    cookies: {
      admin: await signIn(t.app, tenant.admin.email),
      gymAdmin: await signIn(t.app, tenant.gymAdmin.email),
      trainer: await signIn(t.app, tenant.trainer.email),
      member: await signIn(t.app, tenant.member.email),
      otherAdmin: await signIn(t.app, other.admin.email),
    },
  };
}

export const todayOf = (t: TestApp) => todayInAuckland(t.clock.now());

export async function weeklyPrice(
  w: World,
  options: { amount?: number; gymIds?: number[]; billingFrequency?: 'weekly' | 'monthly' } = {},
) {
  const offering = await createOffering(w.t.db, {
    organisationId: w.tenant.organisation.id,
    allGymsAccess: options.gymIds === undefined,
    gymIds: options.gymIds ?? [],
  });
  return createPrice(w.t.db, {
    organisationId: w.tenant.organisation.id,
    offeringId: offering.id,
    amount: options.amount ?? 2100,
    billingFrequency: options.billingFrequency ?? 'weekly',
  });
}

/**
 * A member at gym A (or B) on a weekly price, paid for the week from `paidFrom` days ago (3 by default),
 * or, with `startsIn`, a membership not yet charged that starts that many days from today.
 */
export async function weeklyMember(
  w: World,
  options: {
    priceId?: number;
    amount?: number;
    gym?: 'A' | 'B';
    paidFrom?: number;
    startsIn?: number;
    term?: { endsIn: number; coolingEndsIn?: number };
    name?: string;
    paymentTypeId?: number | null;
    /** An existing member (one who connected a bank, say) instead of a new one. */
    member?: Awaited<ReturnType<typeof createMember>>;
  } = {},
) {
  const { t, tenant } = w;
  const gym = options.gym === 'B' ? tenant.gymB : tenant.gymA;
  const priceId = options.priceId ?? (await weeklyPrice(w, { amount: options.amount })).id;
  const member =
    options.member ??
    (await createMember(t.db, {
      organisationId: tenant.organisation.id,
      gymId: gym.id,
      user: { name: options.name ?? unique('Member') },
    }));
  const today = todayOf(t);
  const start: CalendarDate =
    options.startsIn !== undefined
      ? addDays(today, options.startsIn)
      : addDays(today, -(options.paidFrom ?? 3));
  const charged = options.startsIn === undefined;
  const sub = await createSubscription(t.db, {
    organisationId: tenant.organisation.id,
    gymId: gym.id,
    userId: member.id,
    priceId,
    paymentTypeId: options.paymentTypeId ?? null,
    startDate: start,
    anchorDay: calendarDateParts(start).day,
    currentPeriodStart: charged ? start : null,
    currentPeriodEnd: charged ? addDays(start, 7) : null,
    ...(options.term
      ? {
          isTermMembership: true,
          termEndsAt: addDays(today, options.term.endsIn),
          coolingPeriodEndsAt:
            options.term.coolingEndsIn === undefined ? null : addDays(today, options.term.coolingEndsIn),
        }
      : {}),
  });
  return { member, sub, start, priceId };
}

/** A charge of the member's whose attempt failed: they owe it and are in grace. */
export async function failedCharge(
  w: World,
  sub: { id: number; userId: number; gymId: number },
  amount: number,
) {
  const { t, tenant } = w;
  const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
  const start = row!.currentPeriodStart!;
  const existing = await t.db.select().from(charges).where(eq(charges.subscriptionId, sub.id));
  const periodStart = addDays(start as CalendarDate, -7 * (existing.length + 1));
  const [charge] = await t.db
    .insert(charges)
    .values({
      organisationId: tenant.organisation.id,
      subscriptionId: sub.id,
      periodStart,
      periodEnd: addDays(periodStart, 7),
      dueDate: periodStart,
      amount,
      status: 'unpaid',
    })
    .returning();
  await t.db.insert(payments).values({
    organisationId: tenant.organisation.id,
    gymId: sub.gymId,
    userId: sub.userId,
    subscriptionId: sub.id,
    chargeId: charge!.id,
    type: 'bank_account',
    amount,
    status: 'failed',
    errorStatus: 'insufficient_funds',
    idempotencyKey: unique('failed'),
  });
  await t.db.transaction((tx) =>
    settleCharge(tx, {
      organisationId: tenant.organisation.id,
      chargeId: charge!.id,
      succeeded: false,
      now: t.clock.now(),
    }),
  );
  return charge!;
}

export const call = async (w: World, cookie: string, request: InjectOptions) =>
  w.t.app.inject(pageRequest({ ...request, cookie }));

/** Calls and checks the status, answering the JSON. */
export async function ok(w: World, cookie: string, request: InjectOptions, status = 200) {
  const res = await call(w, cookie, request);
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

export const subscriptionRow = async (w: World, id: number) =>
  (await w.t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
export const pausesOf = (w: World, id: number) =>
  w.t.db.select().from(subscriptionPauses).where(eq(subscriptionPauses.subscriptionId, id));
export const priceChangesOf = (w: World, id: number) =>
  w.t.db.select().from(priceChanges).where(eq(priceChanges.subscriptionId, id)).orderBy(asc(priceChanges.id));
export const chargesOf = (w: World, id: number) =>
  w.t.db.select().from(charges).where(eq(charges.subscriptionId, id)).orderBy(asc(charges.periodStart));
export const paymentsOf = (w: World, id: number) =>
  w.t.db.select().from(payments).where(eq(payments.subscriptionId, id)).orderBy(asc(payments.id));
export const activityOf = (w: World, userId: number, action: string) =>
  w.t.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.userId, userId), eq(activityLog.action, action)));
