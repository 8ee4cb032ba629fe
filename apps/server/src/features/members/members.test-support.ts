// Members with memberships in each state, for the members route tests: made through the real tables.
import { addDays, startOfDayInstant, toCalendarDate } from '@gym/domain/calendar-date';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organisationMembers, type subscriptions } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';
import { createMember, type createTenant } from '../../test/factories';

export type Tenant = Awaited<ReturnType<typeof createTenant>>;

export async function catalogueOf(db: Executor, tenant: Tenant) {
  const organisationId = tenant.organisation.id;
  const offering = await createOffering(db, { organisationId, allGymsAccess: true, name: 'Anytime' });
  const other = await createOffering(db, { organisationId, allGymsAccess: true, name: 'Off Peak' });
  const weekly = await createPrice(db, { organisationId, offeringId: offering.id, amount: 2500 });
  const monthly = await createPrice(db, {
    organisationId,
    offeringId: other.id,
    amount: 9900,
    billingFrequency: 'monthly',
    termAmount: 12,
    termUnit: 'months',
  });
  return { offering, other, weekly, monthly };
}

export type MemberState = 'active' | 'paused' | 'cancelled' | 'grace' | 'upcoming';

/** A member of the gym with a subscription in the given state today (by the application clock `now`). */
export async function memberIn(
  db: Executor,
  input: {
    tenant: Tenant;
    gymId: number;
    priceId: number;
    state: MemberState;
    now: Date;
    name?: string;
    email?: string;
    mobile?: string;
    tags?: string[];
    balanceOwing?: number;
    joinedAt?: Date;
    subscription?: Partial<typeof subscriptions.$inferInsert>;
  },
) {
  const today = toCalendarDate(input.now);
  const user = await createMember(db, {
    organisationId: input.tenant.organisation.id,
    gymId: input.gymId,
    user: {
      name: input.name ?? 'Aroha Ngata',
      ...(input.email ? { email: input.email } : {}),
      mobileNumber: input.mobile ?? null,
    },
  });
  await db
    .update(organisationMembers)
    .set({ tags: input.tags ?? [], ...(input.joinedAt ? { createdAt: input.joinedAt } : {}) })
    .where(eq(organisationMembers.userId, user.id));
  const start = addDays(today, -20);
  const periodStart = addDays(today, -6);
  const states: Record<MemberState, Partial<typeof subscriptions.$inferInsert>> = {
    active: {},
    paused: { pausedAt: startOfDayInstant(addDays(today, -2)) },
    cancelled: { cancelledAt: startOfDayInstant(addDays(today, -30)), endsAt: addDays(today, -10) },
    grace: { gracePeriodEndsAt: addDays(today, 5) },
    upcoming: { startDate: addDays(today, 10), upcomingState: 'upcoming' },
  };
  const subscription = await createSubscription(db, {
    organisationId: input.tenant.organisation.id,
    gymId: input.gymId,
    userId: user.id,
    priceId: input.priceId,
    startDate: start,
    currentPeriodStart: input.state === 'upcoming' ? null : periodStart,
    currentPeriodEnd: input.state === 'upcoming' ? null : addDays(periodStart, 7),
    balanceOwing: input.balanceOwing ?? 0,
    ...states[input.state],
    ...input.subscription,
  });
  return { user, subscription };
}
