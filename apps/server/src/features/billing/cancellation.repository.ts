// Cancellation's reads and writes: the subscription locked with what the rules need, the period's paid
// charge a cooling-off refund repays, the break fee's charge, the gym's Stripe account and the refund's
// Stripe id, and the cancelled subscription locked for an undo.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Row } from '../../db/row-types';
import type { gyms, prices, subscriptions } from '../../db/schema/index';

/** The subscription with what cancelling it needs from its price, gym and payment method. */
export type LockedForCancel = Pick<
  Row<typeof subscriptions>,
  | 'id'
  | 'organisation_id'
  | 'gym_id'
  | 'user_id'
  | 'payment_type_id'
  | 'start_date'
  | 'anchor_day'
  | 'current_period_start'
  | 'current_period_end'
  | 'cancelled_at'
  | 'is_term_membership'
  | 'term_ends_at'
  | 'cooling_period_ends_at'
  | 'force_price_amount'
  | 'transition_takes_effect_at'
> &
  Pick<Row<typeof prices>, 'billing_frequency'> &
  Pick<Row<typeof gyms>, 'card_surcharge_basis_points' | 'break_fee_basis_points'> & {
    /** The payment method's type; null when it is deleted (left join). */
    payment_type: string | null;
    /** The amount of the price it moves to (left join). */
    transition_amount: number | null;
    price_amount: number;
    /** The gym's destination account, if it has one (left join). */
    destination_account_id: number | null;
  };

export function lockSubscriptionForCancel(tx: Executor, organisationId: number, subscriptionId: number) {
  return queryRows<LockedForCancel>(
    tx,
    sql`select s.id::int, s.organisation_id::int, s.gym_id::int, s.user_id::int, s.payment_type_id::int,
          pt.type as payment_type, s.start_date::text, s.anchor_day, s.current_period_start::text,
          s.current_period_end::text, s.cancelled_at, s.is_term_membership, s.term_ends_at::text,
          s.cooling_period_ends_at::text, s.force_price_amount, tp.amount as transition_amount,
          s.transition_takes_effect_at::text, p.amount as price_amount, p.billing_frequency,
          g.card_surcharge_basis_points, g.break_fee_basis_points, da.id::int as destination_account_id
        from subscriptions s
        join prices p on p.id = s.price_id
        join gyms g on g.id = s.gym_id
        left join prices tp on tp.id = s.transition_to_price_id
        left join payment_types pt on pt.id = s.payment_type_id and pt.deleted_at is null
        left join destination_accounts da on da.gym_id = s.gym_id
        where s.id = ${subscriptionId} and s.organisation_id = ${organisationId}
        for update of s`,
  );
}

/** The current period's paid charge and its successful attempt (what a cooling-off refund repays). */
export async function paidForPeriod(tx: Executor, sub: LockedForCancel) {
  const [row] = await queryRows<{
    charge_id: number;
    payment_id: number;
    amount: number;
    type: string;
    stripe_id: string | null;
    joining_fee: number | null;
  }>(
    tx,
    sql`select c.id::int as charge_id, p.id::int as payment_id, p.amount, p.type, p.stripe_id,
          (p.meta->>'joining_fee')::int as joining_fee
        from charges c join payments p on p.charge_id = c.id and p.status = 'sent'
        where c.organisation_id = ${sub.organisation_id} and c.subscription_id = ${sub.id}
          and c.kind = 'period' and c.period_start = ${sub.current_period_start}
          and c.status = 'paid'`,
  );
  return row ?? null;
}

/** The break fee's charge, due today; undefined when today's break fee charge already exists. */
export async function insertBreakFeeCharge(
  tx: Executor,
  c: {
    organisationId: number;
    subscriptionId: number;
    today: CalendarDate;
    amount: number;
    surcharge: number;
    now: Date;
  },
): Promise<{ id: number } | undefined> {
  const [charge] = await queryRows<{ id: number }>(
    tx,
    sql`insert into charges (organisation_id, subscription_id, kind, period_start, period_end, due_date,
              amount, surcharge, status, created_at)
            values (${c.organisationId}, ${c.subscriptionId}, 'break_fee', ${c.today}, null, ${c.today}, ${c.amount},
              ${c.surcharge}, 'unpaid', ${c.now.toISOString()})
            on conflict (subscription_id, kind, period_start) do nothing
            returning id::int`,
  );
  return charge;
}

/** The gym's connected Stripe account. */
export async function stripeAccountOfGym(
  db: Executor,
  organisationId: number,
  gymId: number,
): Promise<{ stripe_id: string | null } | undefined> {
  const [gym] = await queryRows<{ stripe_id: string | null }>(
    db,
    sql`select stripe_id from gyms where organisation_id = ${organisationId} and id = ${gymId}`,
  );
  return gym;
}

/** Stripe's refund id on the payment's cooling-off refund record. */
export async function recordCoolingOffRefundId(
  db: Executor,
  organisationId: number,
  paymentId: number,
  refundId: string,
) {
  await db.execute(
    sql`update payment_refunds set stripe_refund_id = ${refundId}
        where organisation_id = ${organisationId} and payment_id = ${paymentId} and reason = 'cooling_off'`,
  );
}

/** The organisation's subscription with its cancellation and how long it can be undone, locked. */
export async function lockCancelledSubscription(
  tx: Executor,
  organisationId: number,
  subscriptionId: number,
): Promise<{ id: number; user_id: number; cancelled_at: Date | null; undo: Date | null } | undefined> {
  const [sub] = await queryRows<{
    id: number;
    user_id: number;
    cancelled_at: Date | null;
    undo: Date | null;
  }>(
    tx,
    sql`select id::int, user_id::int, cancelled_at, undo_cancellation_until as undo from subscriptions
          where id = ${subscriptionId} and organisation_id = ${organisationId}
          for update`,
  );
  return sub;
}
