// The first payment's reads and writes: the attempt as the provider left it, the subscription locked for
// a confirm, the attempt already made for a confirm key, and the first charge with its attempts.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Row } from '../../db/row-types';
import type { charges, payments, subscriptions } from '../../db/schema/index';

export type AttemptRow = Pick<Row<typeof payments>, 'id' | 'status' | 'error_status' | 'error_description'>;

/** One attempt's status and failure. */
export async function attemptStatus(
  db: Executor,
  organisationId: number,
  paymentId: number,
): Promise<AttemptRow | undefined> {
  const [row] = await queryRows<AttemptRow>(
    db,
    sql`select id::int, status, error_status, error_description from payments
        where organisation_id = ${organisationId} and id = ${paymentId}`,
  );
  return row;
}

export type ConfirmedSubscription = Pick<
  Row<typeof subscriptions>,
  'id' | 'user_id' | 'start_date' | 'current_period_start' | 'upcoming_state'
> & {
  /** cancelled_at is set. */
  cancelled: boolean;
};

/** The organisation's subscription, locked until the transaction ends. */
export async function lockSubscriptionForConfirm(
  db: Executor,
  organisationId: number,
  subscriptionId: number,
): Promise<ConfirmedSubscription | undefined> {
  const [sub] = await queryRows<ConfirmedSubscription>(
    db,
    sql`select id::int, user_id::int, start_date::text, current_period_start::text, upcoming_state,
          cancelled_at is not null as cancelled
        from subscriptions
        where organisation_id = ${organisationId} and id = ${subscriptionId} for update`,
  );
  return sub;
}

/** The first attempt made for this confirm key on the subscription, if any. */
export async function attemptOfConfirmKey(
  db: Executor,
  organisationId: number,
  subscriptionId: number,
  confirmKey: string,
): Promise<{ id: number } | undefined> {
  const [same] = await queryRows<{ id: number }>(
    db,
    sql`select id::int from payments
          where organisation_id = ${organisationId} and subscription_id = ${subscriptionId}
          and meta->>'confirm_key' = ${confirmKey} order by id limit 1`,
  );
  return same;
}

/** Writes the confirm key into the attempt's meta. */
export function markConfirmKey(db: Executor, organisationId: number, paymentId: number, confirmKey: string) {
  return db.execute(
    sql`update payments set meta = meta || ${JSON.stringify({ confirm_key: confirmKey })}::jsonb
          where organisation_id = ${organisationId} and id = ${paymentId}`,
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

export type FirstPeriodCharge = Pick<Row<typeof charges>, 'id' | 'status' | 'period_start'> & {
  last_attempt: number;
  in_flight: boolean;
  /** Whether any attempt at it ever succeeded (a payment later refunded or disputed included). */
  ever_paid: boolean;
};

/** The subscription's first period charge, its last attempt number and whether an attempt is in flight. */
export async function firstPeriodCharge(
  db: Executor,
  organisationId: number,
  subscriptionId: number,
): Promise<FirstPeriodCharge | undefined> {
  const [charge] = await queryRows<FirstPeriodCharge>(
    db,
    sql`select c.id::int, c.status, c.period_start::text,
          (select coalesce(max(p.attempt), 0) from payments p where p.charge_id = c.id)::int as last_attempt,
          exists (select 1 from payments p where p.charge_id = c.id
                    and p.status in ('upcoming', 'pending_request')) as in_flight,
          exists (select 1 from payments p where p.charge_id = c.id and p.status = 'sent') as ever_paid
        from charges c
        where c.organisation_id = ${organisationId} and c.subscription_id = ${subscriptionId}
          and c.kind = 'period'
        order by c.period_start limit 1`,
  );
  return charge;
}

/** The id of the charge's latest attempt. */
export async function latestAttemptId(
  db: Executor,
  organisationId: number,
  chargeId: number,
): Promise<{ id: number } | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id::int from payments where organisation_id = ${organisationId} and charge_id = ${chargeId}
        order by attempt desc limit 1`,
  );
  return row;
}

/** The term of the subscription's price (its columns as stored), for a term dated again. */
export async function priceTermOf(
  db: Executor,
  organisationId: number,
  subscriptionId: number,
): Promise<{ term_amount: number | null; term_unit: string | null } | undefined> {
  const [row] = await queryRows<{ term_amount: number | null; term_unit: string | null }>(
    db,
    sql`select p.term_amount, p.term_unit from subscriptions s join prices p on p.id = s.price_id
        where s.organisation_id = ${organisationId} and s.id = ${subscriptionId}`,
  );
  return row;
}

/**
 * The unpaid first charge of a membership whose start moved, dated and priced again for its new first
 * period; its id is kept (the declined attempts refer to it). Answers whether it changed.
 */
export async function redateFirstCharge(
  db: Executor,
  organisationId: number,
  chargeId: number,
  to: {
    periodStart: CalendarDate;
    periodEnd: CalendarDate | null;
    amount: number;
    surcharge: number;
    isProRata: boolean;
  },
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update charges set period_start = ${to.periodStart}, period_end = ${to.periodEnd},
          due_date = ${to.periodStart}, amount = ${to.amount}, surcharge = ${to.surcharge},
          is_pro_rata = ${to.isProRata}
        where organisation_id = ${organisationId} and id = ${chargeId} and status = 'unpaid' and kind = 'period'
        returning id::int`,
  );
  return rows.length > 0;
}

/** The member's start date in the organisation, moved with their membership's (when it was that one's). */
export async function moveMemberStart(
  db: Executor,
  input: { organisationId: number; userId: number; from: CalendarDate; to: CalendarDate; now: Date },
) {
  await db.execute(
    sql`update organisation_members set start_date = ${input.to}, updated_at = ${input.now.toISOString()}
        where organisation_id = ${input.organisationId} and user_id = ${input.userId}
          and start_date = ${input.from}`,
  );
}
