// The payments list, its totals, its export batches and one payment with its charge and every attempt.
// Each is one query (or a fixed few) whatever the page size; every one is scoped to the organisation.

import type { PaymentFilters } from '@gym/domain/api/payments';
import { addDays, type CalendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, limitOffset, queryPage, queryPrepared, queryRows } from '../../db/client';
import { idList } from '../../db/id-list';
import type { Row } from '../../db/row-types';
import type { charges, payments } from '../../db/schema/index';
import { AWAITING_FIRST_PAYMENT } from '../billing';

export interface PaymentScope {
  organisationId: number;
  /** null: every gym of the organisation. */
  gymIds: number[] | null;
}

// Written out (not parameters) so the failed group matches the partial index payments_org_failed_created.
const STATUS_GROUP_SQL: Record<string, SQL> = {
  successful: sql`p.status = 'sent'`,
  upcoming: sql`p.status = 'upcoming'`,
  pending: sql`p.status = 'pending_request'`,
  failed: sql`p.status not in ('sent', 'upcoming', 'pending_request')`,
};
const DAY_STATUS_GROUP_SQL: Record<string, SQL> = {
  successful: sql`t.status = 'sent'`,
  upcoming: sql`t.status = 'upcoming'`,
  pending: sql`t.status = 'pending_request'`,
  failed: sql`t.status not in ('sent', 'upcoming', 'pending_request')`,
};

/** The filters as one SQL condition on `payments p`. */
function paymentConditions(scope: PaymentScope, f: PaymentFilters): SQL {
  const parts: SQL[] = [sql`p.organisation_id = ${scope.organisationId}`];
  if (scope.gymIds !== null) parts.push(sql`p.gym_id in ${idList(scope.gymIds)}`);
  if (f.status) parts.push(STATUS_GROUP_SQL[f.status]!);
  if (f.from) parts.push(sql`p.created_at >= ${startOfDayInstant(f.from as CalendarDate).toISOString()}`);
  if (f.to)
    parts.push(sql`p.created_at < ${startOfDayInstant(addDays(f.to as CalendarDate, 1)).toISOString()}`);
  if (f.type) parts.push(sql`p.type = ${f.type}`);
  if (f.is_retry !== undefined) parts.push(sql`p.is_retry = ${f.is_retry}`);
  if (f.is_pro_rata !== undefined) parts.push(sql`p.is_pro_rata = ${f.is_pro_rata}`);
  if (f.user_id !== undefined) parts.push(sql`p.user_id = ${f.user_id}`);
  return sql.join(parts, sql` and `);
}

/** The same filters (but the member) on the daily totals `payment_day_totals t` (Auckland days). */
function dayTotalConditions(scope: PaymentScope, f: PaymentFilters): SQL {
  const parts: SQL[] = [sql`t.organisation_id = ${scope.organisationId}`];
  if (scope.gymIds !== null) parts.push(sql`t.gym_id in ${idList(scope.gymIds)}`);
  if (f.status) parts.push(DAY_STATUS_GROUP_SQL[f.status]!);
  if (f.from) parts.push(sql`t.day >= ${f.from}::date`);
  if (f.to) parts.push(sql`t.day <= ${f.to}::date`);
  if (f.type) parts.push(sql`t.type = ${f.type}`);
  if (f.is_retry !== undefined) parts.push(sql`t.is_retry = ${f.is_retry}`);
  if (f.is_pro_rata !== undefined) parts.push(sql`t.is_pro_rata = ${f.is_pro_rata}`);
  return sql.join(parts, sql` and `);
}

/** A payment with its member's and gym's names and what was refunded against it. */
export type PaymentListRow = Pick<
  Row<typeof payments>,
  | 'id'
  | 'amount'
  | 'surcharge'
  | 'status'
  | 'type'
  | 'is_retry'
  | 'is_pro_rata'
  | 'attempt'
  | 'period_start_at'
  | 'period_end_at'
  | 'error_status'
  | 'error_description'
  | 'user_id'
  | 'gym_id'
  | 'subscription_id'
  | 'charge_id'
  | 'akahu_id'
  | 'stripe_id'
  | 'created_at'
> & {
  user_name: string;
  user_email: string;
  gym_name: string;
  processed_by_name: string | null;
  /** Refunded against the payment (payment_refunds), cents. */
  refunded: number;
};

const LIST_COLUMNS = sql`p.id::int, p.amount, p.surcharge, p.status, p.type, p.is_retry, p.is_pro_rata,
  p.attempt::int, p.period_start_at::text, p.period_end_at::text, p.error_status, p.error_description,
  p.user_id::int, u.name as user_name, u.email as user_email, p.gym_id::int, g.name as gym_name,
  p.subscription_id::int, p.charge_id::int, p.akahu_id, p.stripe_id, pb.name as processed_by_name,
  (select coalesce(sum(r.amount), 0) from payment_refunds r where r.payment_id = p.id)::int as refunded,
  p.created_at`;

const LIST_FROM = sql`from payments p
  join users u on u.id = p.user_id
  join gyms g on g.id = p.gym_id
  left join users pb on pb.id = p.processed_by`;

export function listPayments(
  db: Executor,
  scope: PaymentScope,
  filters: PaymentFilters,
  page: { limit: number; offset: number },
) {
  // The page's ids first, from the covering index alone (every filter but the member's is in it), then
  // the names for those rows only: the rows skipped by the offset are never joined. The first pages are
  // prepared statements (queryPage).
  return queryPage<PaymentListRow>(
    db,
    'payments_page',
    sql`select ${LIST_COLUMNS}
        from (select p.id, p.created_at from payments p
              where ${paymentConditions(scope, filters)}
              order by p.created_at desc, p.id desc
              ${limitOffset(page)}) as paged
        join payments p on p.id = paged.id
        join users u on u.id = p.user_id
        join gyms g on g.id = p.gym_id
        left join users pb on pb.id = p.processed_by
        order by paged.created_at desc, paged.id desc`,
    page,
  );
}

export interface PaymentTotalsRow {
  count: number;
  total: number;
  successful: number;
  pending: number;
  upcoming: number;
  failed: number;
  successful_count: number;
  failed_count: number;
}

/**
 * Count and sums (amount + surcharge, cents) of every payment the filters match. From the daily totals
 * (migration 0010: one row per Auckland day, gym, type, status, retry and pro rata, kept by triggers on
 * payments), so a month adds up a few thousand rows rather than a quarter of a million payments; one
 * member's payments are few and are added up directly.
 */
export async function paymentTotals(db: Executor, scope: PaymentScope, filters: PaymentFilters) {
  if (filters.user_id !== undefined) return memberPaymentTotals(db, scope, filters);
  const [row] = await queryPrepared<Record<keyof PaymentTotalsRow, string | number | null>>(
    db,
    'payments_totals',
    sql`select coalesce(sum(t.payments), 0)::int as count,
          coalesce(sum(t.total), 0)::bigint as total,
          coalesce(sum(t.total) filter (where t.status = 'sent'), 0)::bigint - ${refundedOf(scope, filters)} as successful,
          coalesce(sum(t.total) filter (where t.status = 'pending_request'), 0)::bigint as pending,
          coalesce(sum(t.total) filter (where t.status = 'upcoming'), 0)::bigint as upcoming,
          coalesce(sum(t.total) filter
            (where t.status not in ('sent', 'upcoming', 'pending_request')), 0)::bigint as failed,
          coalesce(sum(t.payments) filter (where t.status = 'sent'), 0)::int as successful_count,
          coalesce(sum(t.payments) filter
            (where t.status not in ('sent', 'upcoming', 'pending_request')), 0)::int as failed_count
        from payment_day_totals t where ${dayTotalConditions(scope, filters)}`,
  );
  return numbers(row);
}

/**
 * Refunds of the payments the filters select: a refunded payment stays collected, and what counts as
 * successful is what the gym kept (BILLING.md "Cooling-off refund"). Refunds are few.
 */
const refundedOf = (scope: PaymentScope, filters: PaymentFilters) =>
  sql`(select coalesce(sum(r.amount), 0) from payment_refunds r join payments p on p.id = r.payment_id
        where ${paymentConditions(scope, filters)})::bigint`;

const numbers = (row: Record<string, string | number | null> | undefined) =>
  Object.fromEntries(
    Object.entries(row ?? {}).map(([key, value]) => [key, Number(value ?? 0)]),
  ) as unknown as PaymentTotalsRow;

/** The same totals from the payments themselves (one member's: their index holds them together). */
async function memberPaymentTotals(db: Executor, scope: PaymentScope, filters: PaymentFilters) {
  const [row] = await queryRows<Record<keyof PaymentTotalsRow, string | number | null>>(
    db,
    sql`select count(*)::int as count,
          coalesce(sum(p.amount + p.surcharge), 0)::bigint as total,
          coalesce(sum(p.amount + p.surcharge) filter (where p.status = 'sent'), 0)::bigint - ${refundedOf(scope, filters)}
            as successful,
          coalesce(sum(p.amount + p.surcharge) filter (where p.status = 'pending_request'), 0)::bigint as pending,
          coalesce(sum(p.amount + p.surcharge) filter (where p.status = 'upcoming'), 0)::bigint as upcoming,
          coalesce(sum(p.amount + p.surcharge) filter
            (where p.status not in ('sent', 'upcoming', 'pending_request')), 0)::bigint as failed,
          (count(*) filter (where p.status = 'sent'))::int as successful_count,
          (count(*) filter (where p.status not in ('sent', 'upcoming', 'pending_request')))::int as failed_count
        from payments p where ${paymentConditions(scope, filters)}`,
  );
  return numbers(row);
}

export interface ExportCursor {
  /** The database's own text of created_at (microseconds kept, so the keyset never skips a row). */
  createdAt: string;
  id: number;
}

/** The next batch of the export, newest first, after the cursor (keyset: constant cost per batch). */
export function exportBatch(
  db: Executor,
  scope: PaymentScope,
  filters: PaymentFilters,
  after: ExportCursor | null,
  limit: number,
) {
  const keyset =
    after === null ? sql`true` : sql`(p.created_at, p.id) < (${after.createdAt}::timestamptz, ${after.id})`;
  return queryRows<PaymentListRow & { created_key: string }>(
    db,
    sql`select ${LIST_COLUMNS}, p.created_at::text as created_key ${LIST_FROM}
        where ${paymentConditions(scope, filters)} and ${keyset}
        order by p.created_at desc, p.id desc
        limit ${limit}`,
  );
}

export type PaymentDetailRow = PaymentListRow &
  Pick<Row<typeof payments>, 'akahu_sid' | 'poll_count' | 'credit_used' | 'processed_by' | 'updated_at'>;

/** One payment of the organisation (any gym: the caller checks the gym), or null. */
export async function findPayment(db: Executor, organisationId: number, id: number) {
  const [row] = await queryRows<PaymentDetailRow>(
    db,
    sql`select ${LIST_COLUMNS}, p.akahu_sid, p.poll_count::int, p.credit_used, p.processed_by::int, p.updated_at
        ${LIST_FROM}
        where p.organisation_id = ${organisationId} and p.id = ${id}`,
  );
  return row ?? null;
}

export type ChargeRow = Pick<
  Row<typeof charges>,
  | 'id'
  | 'kind'
  | 'period_start'
  | 'period_end'
  | 'due_date'
  | 'amount'
  | 'surcharge'
  | 'status'
  | 'first_failed_at'
  | 'paid_at'
> & {
  /** Its subscription's cancelled_at is set. */
  subscription_cancelled: boolean;
  /**
   * Its subscription's first payment failed after the confirm: not a debt (BILLING.md), the member
   * confirms again with a way to pay that works.
   */
  awaiting_first_payment: boolean;
};

export async function findCharge(db: Executor, organisationId: number, chargeId: number) {
  const [row] = await queryRows<ChargeRow>(
    db,
    sql`select c.id::int, c.kind, c.period_start::text, c.period_end::text, c.due_date::text, c.amount,
          c.surcharge, c.status, c.first_failed_at, c.paid_at, s.cancelled_at is not null as subscription_cancelled,
          s.upcoming_state is not distinct from ${AWAITING_FIRST_PAYMENT} as awaiting_first_payment
        from charges c join subscriptions s on s.id = c.subscription_id
        where c.organisation_id = ${organisationId} and c.id = ${chargeId}`,
  );
  return row ?? null;
}

/** Every attempt at a charge, first to last. */
export function chargeAttempts(db: Executor, organisationId: number, chargeId: number) {
  return queryRows<PaymentDetailRow>(
    db,
    sql`select ${LIST_COLUMNS}, p.akahu_sid, p.poll_count::int, p.credit_used, p.processed_by::int, p.updated_at
        ${LIST_FROM}
        where p.organisation_id = ${organisationId} and p.charge_id = ${chargeId}
        order by p.attempt, p.id`,
  );
}

/** What a retry copies from the charge's latest attempt, with the subscription's payment method now. */
export async function retrySource(tx: Executor, organisationId: number, chargeId: number) {
  const [row] = await queryRows<{
    gym_id: number;
    user_id: number;
    subscription_id: number | null;
    destination_account_id: number | null;
    amount: number;
    surcharge: number;
    period_start_at: CalendarDate | null;
    period_end_at: CalendarDate | null;
    is_term_membership: boolean;
    meta: Record<string, unknown> | null;
    force_amount: number | null;
    payment_type_id: number | null;
    payment_type: string | null;
    type: string;
  }>(
    tx,
    sql`select p.gym_id::int, p.user_id::int, p.subscription_id::int, p.destination_account_id::int, p.amount,
          p.surcharge, p.period_start_at::text, p.period_end_at::text, p.is_term_membership, p.meta,
          p.force_amount, s.payment_type_id::int, pt.type as payment_type, p.type
        from payments p
        left join subscriptions s on s.id = p.subscription_id
        left join payment_types pt on pt.id = s.payment_type_id and pt.deleted_at is null
        where p.organisation_id = ${organisationId} and p.charge_id = ${chargeId}
        order by p.attempt desc limit 1`,
  );
  return row ?? null;
}

/**
 * A payment with the charge it is an attempt at (and a summary of every attempt at that charge), the
 * gym bank account it is paid into and its subscription's term dates: what the Payment fields of the
 * specification that are not the payment's own columns are worked out from (payment-standing.ts).
 */
/**
 * A payment with what decides its standing: its charge, subscription and destination account come by
 * left joins (null without one), so only the payment's own columns are the schema's.
 */
export type PaymentStandingRow = Pick<
  Row<typeof payments>,
  'status' | 'error_status' | 'is_term_membership' | 'force_amount'
> & {
  payment_id: number;
  /** The schema's jsonb (unknown), as the payment's writers make it: an object. */
  meta: Record<string, unknown> | null;
  destination_account_id: number | null;
  destination_account_name: string | null;
  destination_account_number: string | null;
  cooling_period_ends_at: string | null;
  term_ends_at: string | null;
  charge_id: number | null;
  charge_kind: string | null;
  charge_status: string | null;
  charge_due_date: string | null;
  charge_total: number | null;
  charge_first_failed_at: Date | string | null;
  subscription_cancelled: boolean | null;
  retries_made: number | null;
  in_flight: boolean | null;
  latest_attempt_id: number | null;
  last_error_status: string | null;
};

/** The standing of every payment of `ids` (one page): one query whatever the page's size. */
export function paymentStandings(db: Executor, organisationId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([] as PaymentStandingRow[]);
  // The attempts at a charge are read through the subscription's index (a charge is one subscription's).
  return queryRows<PaymentStandingRow>(
    db,
    sql`select p.id::int as payment_id, p.status, p.error_status, p.is_term_membership, p.force_amount, p.meta,
          da.id::int as destination_account_id, da.name as destination_account_name,
          da.bank_account_number as destination_account_number,
          s.cooling_period_ends_at::text, s.term_ends_at::text,
          c.id::int as charge_id, c.kind as charge_kind, c.status as charge_status,
          c.due_date::text as charge_due_date, (c.amount + c.surcharge)::int as charge_total,
          c.first_failed_at as charge_first_failed_at, s.cancelled_at is not null as subscription_cancelled,
          a.retries_made, a.in_flight, a.latest_attempt_id, a.last_error_status
        from payments p
        left join destination_accounts da on da.id = p.destination_account_id
        left join subscriptions s on s.id = p.subscription_id
        left join charges c on c.id = p.charge_id
        left join lateral (
          select (count(*) filter (where x.is_retry))::int as retries_made,
            coalesce(bool_or(x.status in ('upcoming', 'pending_request')), false) as in_flight,
            (array_agg(x.id order by x.attempt desc, x.id desc))[1]::int as latest_attempt_id,
            (array_agg(x.error_status order by x.attempt desc, x.id desc))[1] as last_error_status
          from payments x where x.subscription_id = c.subscription_id and x.charge_id = c.id
        ) a on c.id is not null
        where p.organisation_id = ${organisationId} and p.id in ${idList(ids)}`,
  );
}

/** Locks the organisation's charge row until the transaction ends (one retry decision at a time). */
export async function lockChargeForRetry(db: Executor, organisationId: number, chargeId: number) {
  await queryRows(
    db,
    sql`select id from charges where organisation_id = ${organisationId} and id = ${chargeId} for update`,
  );
}
