// The writes of the members feature: adding a member (person, membership, staged subscription), editing
// their fields, and the soft delete. Every function takes the organisation it is scoped to.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { organisationMembers, subscriptions, users } from '../../db/schema/index';

export interface BookablePrice {
  id: number;
  amount: number;
  billing_frequency: string;
  term_amount: number | null;
  term_unit: string | null;
  offering_id: number;
}

/** A live price of the organisation that a member of this gym can join on (its offering opens the gym). */
export async function bookablePrice(db: Executor, organisationId: number, priceId: number, gymId: number) {
  const [row] = await queryRows<BookablePrice & { opens_gym: boolean }>(
    db,
    sql`select p.id::int, p.amount, p.billing_frequency, p.term_amount, p.term_unit, o.id::int as offering_id,
          ((p.gym_id is null or p.gym_id = ${gymId})
            and (o.all_gyms_access or o.gym_id = ${gymId}
              or exists (select 1 from offering_gyms og where og.offering_id = o.id and og.gym_id = ${gymId})))
            as opens_gym
        from prices p join offerings o on o.id = p.offering_id
        where p.organisation_id = ${organisationId} and p.id = ${priceId}
          and p.archived_at is null and o.archived_at is null`,
  );
  return row ?? null;
}

export async function gymOf(db: Executor, organisationId: number, gymId: number) {
  const [row] = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id::int, name from gyms where organisation_id = ${organisationId} and id = ${gymId}`,
  );
  return row ?? null;
}

export async function insertPerson(
  db: Executor,
  input: { name: string; email: string; mobileNumber: string },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ name: input.name, email: input.email, mobileNumber: input.mobileNumber, isStaff: false })
    .returning({ id: users.id });
  return Number(row!.id);
}

/** The membership row; a member who was deleted here before comes back. */
export async function upsertMembership(
  db: Executor,
  input: {
    organisationId: number;
    userId: number;
    gymId: number;
    startDate: CalendarDate;
    billingDate: CalendarDate | null;
    now: Date;
  },
) {
  await db
    .insert(organisationMembers)
    .values({
      organisationId: input.organisationId,
      userId: input.userId,
      homeGymId: input.gymId,
      startDate: input.startDate,
      billingDate: input.billingDate,
      isReturningMember: false,
    })
    .onConflictDoUpdate({
      target: [organisationMembers.organisationId, organisationMembers.userId],
      set: {
        homeGymId: input.gymId,
        startDate: input.startDate,
        billingDate: input.billingDate,
        deletedAt: null,
        isReturningMember: true,
        updatedAt: input.now,
      },
    });
}

export async function insertStagedSubscription(
  db: Executor,
  values: typeof subscriptions.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(subscriptions).values(values).returning({ id: subscriptions.id });
  return Number(row!.id);
}

export async function updatePerson(db: Executor, userId: number, values: Partial<typeof users.$inferInsert>) {
  if (Object.keys(values).length === 0) return;
  await db.update(users).set(values).where(eq(users.id, userId));
}

export async function updateMembership(
  db: Executor,
  organisationId: number,
  userId: number,
  values: Partial<typeof organisationMembers.$inferInsert>,
) {
  if (Object.keys(values).length === 0) return;
  await db
    .update(organisationMembers)
    .set(values)
    .where(
      and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)),
    );
}

/** Locks the membership row so two deletes (or a delete and an edit) do not interleave. */
export async function lockMembership(db: Executor, organisationId: number, userId: number) {
  const [row] = await queryRows<{ deleted_at: Date | string | null; billing_date: CalendarDate | null }>(
    db,
    sql`select deleted_at, billing_date::text from organisation_members
        where organisation_id = ${organisationId} and user_id = ${userId} for update`,
  );
  return row ?? null;
}

export interface LatestSubscriptionForBillingDate {
  id: number;
  start_date: CalendarDate;
  is_staging: boolean;
  current_period_start: CalendarDate | null;
  price: { billing_frequency: string };
}

/**
 * The member's latest subscription as a billing date change reads it, locked: the billing run locks it
 * to make the first charge, so a change and that charge do not interleave.
 */
export async function lockLatestSubscription(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<LatestSubscriptionForBillingDate | null> {
  const [row] = await queryRows<
    Omit<LatestSubscriptionForBillingDate, 'price'> & { billing_frequency: string }
  >(
    db,
    sql`select s.id::int, s.start_date::text, s.is_staging, s.current_period_start::text, p.billing_frequency
        from subscriptions s join prices p on p.id = s.price_id
        where s.organisation_id = ${organisationId}
          and s.id = latest_subscription_id(${organisationId}, ${userId})
        for update of s`,
  );
  if (!row) return null;
  const { billing_frequency, ...rest } = row;
  return { ...rest, price: { billing_frequency } };
}

export async function emailTaken(db: Executor, email: string, exceptUserId: number) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id::int from users where lower(email) = lower(${email}) and id <> ${exceptUserId}`,
  );
  return row !== undefined;
}
