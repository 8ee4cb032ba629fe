// Reads and writes of the staff actions on a subscription: the subscription with what its rules need
// (price, gym, payment method, the open pause), pauses, price changes and what is owed. Plain rows;
// every function is scoped to an organisation.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Row } from '../../db/row-types';
import type { charges, gyms, prices, subscriptionPauses, subscriptions } from '../../db/schema/index';
import { collectedAmountOf, collectedSurchargeOf } from '../billing';

/** The subscription with what its rules need from its price, gym, member and payment method. */
export type SubscriptionRow = Pick<
  Row<typeof subscriptions>,
  | 'id'
  | 'organisation_id'
  | 'gym_id'
  | 'user_id'
  | 'price_id'
  | 'payment_type_id'
  | 'start_date'
  | 'anchor_day'
  | 'current_period_start'
  | 'current_period_end'
  | 'ends_at'
  | 'paused_at'
  | 'cancelled_at'
  | 'cancellation_reasons'
  | 'cancellation_comments'
  | 'undo_cancellation_until'
  | 'grace_period_ends_at'
  | 'upcoming_state'
  | 'transition_to_price_id'
  | 'transition_takes_effect_at'
  | 'force_price_amount'
  | 'is_term_membership'
  | 'term_ends_at'
  | 'balance_owing'
  | 'periods_owing'
  | 'is_staging'
  | 'version'
> &
  Pick<Row<typeof prices>, 'billing_frequency' | 'joining_fee' | 'offering_id'> &
  Pick<Row<typeof gyms>, 'card_surcharge_basis_points'> & {
    gym_name: string;
    /** Where members' replies to price-change notices go. */
    price_change_reply_to: string | null;
    user_name: string;
    user_email: string;
    price_amount: number;
    /** The payment method's type; null when it is deleted (left join). */
    payment_type: string | null;
    /** The gym's destination account, if it has one (left join). */
    destination_account_id: number | null;
    /** The amount of the price it moves to (left join). */
    transition_amount: number | null;
  };

const SUBSCRIPTION_COLUMNS = sql`s.id::int, s.organisation_id::int, s.gym_id::int, g.name as gym_name,
  g.price_change_notification_reply_to as price_change_reply_to, s.user_id::int, u.name as user_name, u.email as user_email, s.price_id::int, p.amount as price_amount,
  p.billing_frequency, p.joining_fee, p.offering_id::int, s.payment_type_id::int, pt.type as payment_type,
  da.id::int as destination_account_id, g.card_surcharge_basis_points, s.start_date::text, s.anchor_day,
  s.current_period_start::text, s.current_period_end::text, s.ends_at::text, s.paused_at, s.cancelled_at,
  s.cancellation_reasons, s.cancellation_comments, s.undo_cancellation_until, s.grace_period_ends_at::text,
  s.upcoming_state, s.transition_to_price_id::int, s.transition_takes_effect_at::text,
  tp.amount as transition_amount, s.force_price_amount, s.is_term_membership, s.term_ends_at::text,
  s.balance_owing, s.periods_owing, s.is_staging, s.version`;

const SUBSCRIPTION_FROM = sql`from subscriptions s
  join prices p on p.id = s.price_id
  join gyms g on g.id = s.gym_id
  join users u on u.id = s.user_id
  left join prices tp on tp.id = s.transition_to_price_id
  left join payment_types pt on pt.id = s.payment_type_id and pt.deleted_at is null
  left join destination_accounts da on da.gym_id = s.gym_id`;

/** One subscription of the organisation; `lock` holds its row for the caller's transaction. */
export async function findSubscription(
  db: Executor,
  organisationId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<SubscriptionRow | null> {
  const [row] = await queryRows<SubscriptionRow>(
    db,
    sql`select ${SUBSCRIPTION_COLUMNS} ${SUBSCRIPTION_FROM}
        where s.id = ${id} and s.organisation_id = ${organisationId}
        ${options.lock ? sql`for update of s` : sql``}`,
  );
  return row ? normalise(row) : null;
}

function normalise(row: SubscriptionRow): SubscriptionRow {
  return {
    ...row,
    price_amount: Number(row.price_amount),
    joining_fee: Number(row.joining_fee ?? 0),
    card_surcharge_basis_points: Number(row.card_surcharge_basis_points),
    transition_amount: row.transition_amount === null ? null : Number(row.transition_amount),
    force_price_amount: row.force_price_amount === null ? null : Number(row.force_price_amount),
    balance_owing: Number(row.balance_owing),
    periods_owing: Number(row.periods_owing),
    anchor_day: Number(row.anchor_day),
    version: Number(row.version),
  };
}

export type PauseRow = Pick<
  Row<typeof subscriptionPauses>,
  'id' | 'start_date' | 'end_date' | 'credit_days' | 'applied_at'
> & {
  /** The reason staff gave when they booked it (its activity entry). */
  reason: string | null;
};

/** The pause booked or in force (not removed, not ended), if any. */
export async function openPause(db: Executor, organisationId: number, subscriptionId: number) {
  const [row] = await queryRows<PauseRow>(
    db,
    sql`select sp.id::int, sp.start_date::text, sp.end_date::text, sp.credit_days,
          (select a.data->>'reason' from activity_log a
            where a.subject_type = 'subscription_pause' and a.subject_id = sp.id
              and a.action = 'subscription.pause_scheduled' limit 1) as reason,
          sp.applied_at
        from subscription_pauses sp
        where sp.organisation_id = ${organisationId} and sp.subscription_id = ${subscriptionId}
          and sp.cancelled_at is null and sp.ended_at is null
        order by sp.start_date desc, sp.id desc limit 1`,
  );
  return row ? { ...row, credit_days: Number(row.credit_days) } : null;
}

export async function insertPause(
  tx: Executor,
  input: {
    organisationId: number;
    subscriptionId: number;
    startDate: CalendarDate;
    endDate: CalendarDate;
    createdBy: number;
    now: Date;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into subscription_pauses (organisation_id, subscription_id, start_date, end_date, created_by, created_at)
        values (${input.organisationId}, ${input.subscriptionId}, ${input.startDate}, ${input.endDate},
          ${input.createdBy}, ${input.now.toISOString()})
        returning id::int`,
  );
  return Number(row!.id);
}

/** Removes a pause the billing run has not begun; answers whether it did. */
export async function removeScheduledPause(
  tx: Executor,
  organisationId: number,
  pauseId: number,
  now: Date,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update subscription_pauses set cancelled_at = ${now.toISOString()}
        where id = ${pauseId} and organisation_id = ${organisationId}
          and applied_at is null and cancelled_at is null
        returning id::int`,
  );
  return rows.length > 0;
}

export async function findPause(
  tx: Executor,
  organisationId: number,
  subscriptionId: number,
  pauseId: number,
) {
  const [row] = await queryRows<{ id: number; applied_at: Date | null; cancelled_at: Date | null }>(
    tx,
    sql`select id::int, applied_at, cancelled_at from subscription_pauses
        where id = ${pauseId} and organisation_id = ${organisationId} and subscription_id = ${subscriptionId}
        for update`,
  );
  return row ?? null;
}

export type OwedChargeRow = Pick<
  Row<typeof charges>,
  'id' | 'kind' | 'period_start' | 'period_end' | 'amount' | 'surcharge'
> & {
  /** Amount plus surcharge. */
  total: number;
  /** What part payments collected against it: of its amount, of its surcharge, and both. */
  collected_amount: number;
  collected_surcharge: number;
  collected: number;
  /** An attempt of it is upcoming or with the provider. */
  in_flight: boolean;
};

/**
 * Unpaid charges of the subscription that have failed at least once (what balance_owing sums), oldest
 * first, with what part payments collected against each.
 */
export async function owedCharges(db: Executor, organisationId: number, subscriptionId: number) {
  const rows = await queryRows<OwedChargeRow>(
    db,
    sql`select c.id::int, c.kind, c.period_start::text, c.period_end::text, (c.amount + c.surcharge)::int as total,
          c.amount, c.surcharge, ${collectedAmountOf}::int as collected_amount,
          ${collectedSurchargeOf}::int as collected_surcharge,
          exists (select 1 from payments p where p.charge_id = c.id
                  and p.status in ('upcoming', 'pending_request')) as in_flight
        from charges c
        where c.organisation_id = ${organisationId} and c.subscription_id = ${subscriptionId}
          and c.status = 'unpaid' and c.first_failed_at is not null
        order by c.due_date, c.id`,
  );
  return rows.map((r) => ({
    ...r,
    total: Number(r.total),
    amount: Number(r.amount),
    surcharge: Number(r.surcharge),
    collected_amount: Number(r.collected_amount),
    collected_surcharge: Number(r.collected_surcharge),
    collected: Number(r.collected_amount) + Number(r.collected_surcharge),
  }));
}

/**
 * Locks the subscription's unpaid charges (the retries' claim and every new attempt lock them too), so
 * what was collected against them and whether an attempt is in flight are read after any other decision
 * on them has committed.
 */
export async function lockUnpaidCharges(db: Executor, organisationId: number, subscriptionId: number) {
  await queryRows(
    db,
    sql`select c.id from charges c
        where c.organisation_id = ${organisationId} and c.subscription_id = ${subscriptionId}
          and c.status = 'unpaid'
        order by c.id for update`,
  );
}

/** The manual payments already recorded under a page's key (the same payment sent twice). */
export async function paymentsWithKeyPrefix(db: Executor, organisationId: number, prefix: string) {
  return queryRows<{ id: number; charge_id: number; amount: number; surcharge: number }>(
    db,
    sql`select id::int, charge_id::int, amount, surcharge from payments
        where organisation_id = ${organisationId} and idempotency_key like ${`${prefix}%`}
        order by id`,
  );
}

/**
 * A successful attempt taken at the desk for one owed charge: its amounts and period from the charge, the
 * next attempt number, and the joining fee the charge's earlier attempts carried. Answers the payment.
 */
export async function insertManualPayment(
  db: Executor,
  p: {
    organisationId: number;
    gymId: number;
    userId: number;
    chargeId: number;
    type: string;
    idempotencyKey: string;
    processedBy: number;
    meta: Record<string, unknown>;
    /** A part of the charge (a part payment, or what is left after one): its amount and surcharge paid. */
    part?: { amount: number; surcharge: number };
    now: Date;
  },
): Promise<{ id: number; amount: number; surcharge: number } | undefined> {
  const [row] = await queryRows<{ id: number; amount: number; surcharge: number }>(
    db,
    sql`insert into payments (organisation_id, gym_id, user_id, subscription_id, charge_id, type, amount,
              surcharge, period_start_at, period_end_at, status, attempt, idempotency_key, processed_by, meta,
              pays_part, created_at, updated_at)
            select c.organisation_id, ${p.gymId}, ${p.userId}, c.subscription_id, c.id, ${p.type},
              ${p.part ? sql`${p.part.amount}::int, ${p.part.surcharge}::int` : sql`c.amount, c.surcharge`},
              case when c.kind = 'period' then c.period_start end, c.period_end, 'sent',
              coalesce((select max(p.attempt) from payments p where p.charge_id = c.id), 0) + 1,
              ${p.idempotencyKey}, ${p.processedBy},
              ${JSON.stringify(p.meta)}::jsonb
                || jsonb_strip_nulls(jsonb_build_object('joining_fee',
                  (select max((p.meta->>'joining_fee')::int) from payments p where p.charge_id = c.id))),
              ${p.part !== undefined}, ${p.now.toISOString()}, ${p.now.toISOString()}
            from charges c where c.id = ${p.chargeId} and c.organisation_id = ${p.organisationId}
            returning id::int, amount, surcharge`,
  );
  return row;
}

/** The subscription's grace end as it stands now. */
export async function graceEndOf(
  db: Executor,
  sub: { id: number; organisation_id: number },
): Promise<{ grace_period_ends_at: string | null } | undefined> {
  const [row] = await queryRows<{ grace_period_ends_at: string | null }>(
    db,
    sql`select grace_period_ends_at::text from subscriptions
        where id = ${sub.id} and organisation_id = ${sub.organisation_id}`,
  );
  return row;
}

/**
 * Start early's pro-rata charge from today up to the original start date; undefined when the period's
 * charge already exists (the membership has started).
 */
export async function insertStartEarlyCharge(
  db: Executor,
  c: {
    organisationId: number;
    subscriptionId: number;
    today: CalendarDate;
    startDate: CalendarDate;
    amount: number;
    surcharge: number;
    now: Date;
  },
): Promise<{ id: number } | undefined> {
  const [charge] = await queryRows<{ id: number }>(
    db,
    sql`insert into charges (organisation_id, subscription_id, kind, period_start, period_end, due_date,
            amount, surcharge, is_pro_rata, status, created_at)
          values (${c.organisationId}, ${c.subscriptionId}, 'period', ${c.today}, ${c.startDate}, ${c.today},
            ${c.amount}, ${c.surcharge}, true, 'unpaid', ${c.now.toISOString()})
          on conflict (subscription_id, kind, period_start) do nothing
          returning id::int`,
  );
  return charge;
}
