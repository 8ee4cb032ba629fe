// The first payment's reads and writes: the attempt as the provider left it, the subscription locked for
// a confirm, the attempt already made for a confirm key, and the first charge with its attempts.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

export interface AttemptRow {
  id: number;
  status: string;
  error_status: string | null;
  error_description: string | null;
}

/** One attempt's status and failure. */
export async function attemptStatus(db: Executor, paymentId: number): Promise<AttemptRow | undefined> {
  const [row] = await queryRows<AttemptRow>(
    db,
    sql`select id::int, status, error_status, error_description from payments where id = ${paymentId}`,
  );
  return row;
}

/** The organisation's subscription, locked until the transaction ends. */
export async function lockSubscriptionForConfirm(
  db: Executor,
  organisationId: number,
  subscriptionId: number,
): Promise<{ id: number; current_period_start: string | null } | undefined> {
  const [sub] = await queryRows<{ id: number; current_period_start: string | null }>(
    db,
    sql`select id::int, current_period_start::text from subscriptions
        where organisation_id = ${organisationId} and id = ${subscriptionId} for update`,
  );
  return sub;
}

/** The first attempt made for this confirm key on the subscription, if any. */
export async function attemptOfConfirmKey(
  db: Executor,
  subscriptionId: number,
  confirmKey: string,
): Promise<{ id: number } | undefined> {
  const [same] = await queryRows<{ id: number }>(
    db,
    sql`select id::int from payments where subscription_id = ${subscriptionId}
          and meta->>'confirm_key' = ${confirmKey} order by id limit 1`,
  );
  return same;
}

/** Writes the confirm key into the attempt's meta. */
export function markConfirmKey(db: Executor, paymentId: number, confirmKey: string) {
  return db.execute(
    sql`update payments set meta = meta || ${JSON.stringify({ confirm_key: confirmKey })}::jsonb
          where id = ${paymentId}`,
  );
}

/** The member's fixed billing date in the organisation, if they have one. */
export async function memberBillingDate(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<{ billing_date: CalendarDate | null } | undefined> {
  const [member] = await queryRows<{ billing_date: CalendarDate | null }>(
    db,
    sql`select billing_date::text from organisation_members
              where organisation_id = ${organisationId} and user_id = ${userId}`,
  );
  return member;
}

/** The subscription's first period charge, its last attempt number and whether an attempt is in flight. */
export async function firstPeriodCharge(
  db: Executor,
  subscriptionId: number,
): Promise<{ id: number; status: string; last_attempt: number; in_flight: boolean } | undefined> {
  const [charge] = await queryRows<{ id: number; status: string; last_attempt: number; in_flight: boolean }>(
    db,
    sql`select c.id::int, c.status,
          (select coalesce(max(p.attempt), 0) from payments p where p.charge_id = c.id)::int as last_attempt,
          exists (select 1 from payments p where p.charge_id = c.id
                    and p.status in ('upcoming', 'pending_request')) as in_flight
        from charges c where c.subscription_id = ${subscriptionId} and c.kind = 'period'
        order by c.period_start limit 1`,
  );
  return charge;
}

/** The id of the charge's latest attempt. */
export async function latestAttemptId(db: Executor, chargeId: number): Promise<{ id: number } | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id::int from payments where charge_id = ${chargeId} order by attempt desc limit 1`,
  );
  return row;
}
