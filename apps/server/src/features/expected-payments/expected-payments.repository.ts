// The expected-payments screen's reads: the day's run, the range's charges with their attempts and drift,
// the nights' stray Stripe payments, names for a page of rows and where its memberships stand.
import { addDays, type CalendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import type { DriftKind } from '@gym/domain/reconciliation';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Row, SubscriptionStanding } from '../../db/row-types';
import { type charges, gyms, type subscriptions } from '../../db/schema/index';
import { DRIFT_ACTION } from '../billing';

/** The gym's id, when it is one of the organisation's. */
export async function gymOfOrganisation(
  db: Executor,
  organisationId: number,
  gymId: number,
): Promise<{ id: number } | undefined> {
  const [gym] = await db
    .select({ id: gyms.id })
    .from(gyms)
    .where(and(eq(gyms.id, gymId), eq(gyms.organisationId, organisationId)));
  return gym;
}

/** Whether the billing run of `day` has finished. */
export async function billingRunFinishedOn(db: Executor, day: CalendarDate): Promise<boolean> {
  const [run] = await queryRows<{ finished: boolean }>(
    db,
    sql`select finished_at is not null as finished from billing_runs where day = ${day}`,
  );
  return run?.finished ?? false;
}

/** A charge with its subscription's member and gym, and what its attempts and the drift log say (computed). */
export type ChargeInRange = Pick<
  Row<typeof charges>,
  | 'id'
  | 'subscription_id'
  | 'period_start'
  | 'period_end'
  | 'amount'
  | 'surcharge'
  | 'status'
  | 'first_failed_at'
> &
  Pick<Row<typeof subscriptions>, 'user_id' | 'gym_id'> & {
    attempts: number;
    /** Collected less refunded, in cents. */
    collected: number;
    retries_made: number;
    last_error_status: string | null;
    last_error: string | null;
    in_flight: boolean;
    subscription_cancelled: boolean;
    /** The latest drift entry's data (jsonb, `unknown` in the schema), null when none. */
    drift: ({ kind: DriftKind } & Record<string, unknown>) | null;
  };

/** Charges the engine created in the range, with what was collected and any drift on their attempts. */
export function chargesInRange(
  db: Executor,
  organisationId: number,
  from: CalendarDate,
  to: CalendarDate,
  gymId: number | undefined,
): Promise<ChargeInRange[]> {
  return queryRows<ChargeInRange>(
    db,
    sql`select c.id::int, c.subscription_id::int, s.user_id::int, s.gym_id::int, c.period_start::text,
          c.period_end::text, c.amount::int, c.surcharge::int, c.status,
          (select count(*) from payments p where p.charge_id = c.id)::int as attempts,
          -- Collected less refunded: what the gym kept still counts (BILLING.md "Cooling-off refund").
          ((select coalesce(sum(p.amount + p.surcharge), 0) from payments p
              where p.charge_id = c.id and p.status = 'sent')
            - (select coalesce(sum(r.amount), 0) from payment_refunds r join payments p on p.id = r.payment_id
              where p.charge_id = c.id))::int as collected,
          c.first_failed_at,
          (select count(*) from payments p where p.charge_id = c.id and p.is_retry)::int as retries_made,
          (select p.error_status from payments p where p.charge_id = c.id
            order by p.attempt desc limit 1) as last_error_status,
          (select p.error_description from payments p
            where p.charge_id = c.id and p.status in ('failed', 'declined', 'error')
            order by p.attempt desc limit 1) as last_error,
          exists (select 1 from payments p where p.charge_id = c.id
            and p.status in ('upcoming', 'pending_request')) as in_flight,
          s.cancelled_at is not null as subscription_cancelled,
          (select a.data from activity_log a join payments p on p.id = a.subject_id
            where a.subject_type = 'payment' and a.action = ${DRIFT_ACTION} and p.charge_id = c.id
            order by a.id desc limit 1) as drift
        from charges c
        join subscriptions s on s.id = c.subscription_id
        where c.organisation_id = ${organisationId}
          and c.period_start between ${from} and ${to}
          ${gymId === undefined ? sql`` : sql`and s.gym_id = ${gymId}`}`,
  );
}

/** Stripe payments carrying our key that we do not hold, found in the range's nights. */
export function strayDriftInRange(
  db: Executor,
  organisationId: number,
  from: CalendarDate,
  to: CalendarDate,
  gymId: number | undefined,
): Promise<{ gym_id: number; data: Record<string, unknown> }[]> {
  return queryRows<{ gym_id: number; data: Record<string, unknown> }>(
    db,
    sql`select a.subject_id::int as gym_id, a.data from activity_log a
        where a.organisation_id = ${organisationId} and a.action = ${DRIFT_ACTION} and a.subject_type = 'gym'
          and a.created_at >= ${startOfDayInstant(from).toISOString()}
          and a.created_at < ${startOfDayInstant(addDays(to, 2)).toISOString()}
          ${gymId === undefined ? sql`` : sql`and a.subject_id = ${gymId}`}`,
  );
}

/** Members' names by id. */
export function userNames(db: Executor, userIds: number[]): Promise<{ id: number; name: string }[]> {
  return queryRows<{ id: number; name: string }>(
    db,
    sql`select id::int, name from users where id = any(${`{${userIds.join(',')}}`}::bigint[])`,
  );
}

/** The organisation's gyms' names by id. */
export function gymNames(
  db: Executor,
  organisationId: number,
  gymIds: number[],
): Promise<{ id: number; name: string }[]> {
  return queryRows<{ id: number; name: string }>(
    db,
    sql`select id::int, name from gyms
        where organisation_id = ${organisationId} and id = any(${`{${gymIds.join(',')}}`}::bigint[])`,
  );
}

/** A subscription's state inputs, and whether it was cancelled for non-payment and the member holds a door credential. */
export type MembershipStanding = Pick<Row<typeof subscriptions>, 'id'> &
  SubscriptionStanding & {
    non_payment: boolean;
    door_access: boolean;
  };

/** Where each subscription stands, and whether its member holds a door credential at the gym. */
export function membershipStandings(
  db: Executor,
  organisationId: number,
  ids: number[],
): Promise<MembershipStanding[]> {
  return queryRows<MembershipStanding>(
    db,
    sql`select s.id::int, s.start_date::text, s.current_period_start::text, s.current_period_end::text,
          s.ends_at::text, s.paused_at, s.cancelled_at, s.grace_period_ends_at::text, s.upcoming_state,
          'non_payment' = any(s.cancellation_reasons) as non_payment,
          exists (select 1 from places pl join access_credentials ac on ac.place_id = pl.id
            where pl.organisation_id = s.organisation_id and pl.gym_id = s.gym_id
              and ac.organisation_id = s.organisation_id and ac.user_id = s.user_id and ac.status = 'active'
              and ac.role_assignment_id is not null) as door_access
        from subscriptions s
        where s.organisation_id = ${organisationId} and s.id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
}
