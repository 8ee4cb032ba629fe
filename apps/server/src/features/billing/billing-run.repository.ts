// The billing run's reads and writes. Every claim takes its rows `FOR UPDATE SKIP LOCKED`, so any number
// of workers share a day's work without waiting on each other or doing a row twice; every insert is
// keyed by its natural key (one charge per subscription and period start, one attempt per charge and
// attempt number), so a step run again after a crash finds its work already done.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Row } from '../../db/row-types';
import type { charges, gyms, prices, subscriptionPauses, subscriptions } from '../../db/schema/index';

/** Batch size of every claim: one transaction's worth of subscriptions or charges. */
export const BATCH = 100;

/**
 * When `alias`'s next charge falls due: migration 0035's subscription_next_due (the period's end, or the
 * start date before the first charge), which the planner inlines (the run's claims use subscriptions_next_due).
 */
const nextDue = (alias: string) =>
  sql.raw(
    `subscription_next_due(${alias}.current_period_start, ${alias}.current_period_end, ${alias}.start_date)`,
  );

const NEXT_DUE = nextDue('s');

/**
 * The billing run's due rule on `day` for a row `alias` of subscriptions or of subscription_plan_counts
 * (whose keys hold these columns) with its price `p`: the part that does not depend on the day
 * (subscription_may_fall_due, migration 0035: not staging, not awaiting a declined first payment, not
 * cancelled without an end date, its next charge before its end) is the kept counts' filter; this adds
 * the next charge on or before `day`, and a one-off's single charge.
 */
const dueOn = (alias: string, day: CalendarDate) =>
  sql`${nextDue(alias)} <= ${day}
          and not (p.billing_frequency = 'one_off' and ${sql.raw(alias)}.current_period_start is not null)`;

/** A subscription with what its plan needs from its price, gym and payment method. */
export type DueSubscription = Pick<
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
  | 'ends_at'
  | 'term_ends_at'
  | 'is_term_membership'
  | 'force_price_amount'
  | 'transition_to_price_id'
  | 'transition_takes_effect_at'
> &
  Pick<Row<typeof prices>, 'billing_frequency' | 'joining_fee'> &
  Pick<Row<typeof gyms>, 'card_surcharge_basis_points'> & {
    /** The payment method's type; null when it is deleted (left join). */
    payment_type: string | null;
    /** The amount of the price it moves to (left join). */
    transition_amount: number | null;
    /** The scheduled price's billing frequency: another one switches the grid (frequencyChangeAt). */
    transition_frequency?: string | null;
    price_amount: number;
    /** The gym's destination account, if it has one (left join). */
    destination_account_id: number | null;
    /** The member's fixed billing date, read only before the first charge (firstBillingDate). */
    billing_date?: CalendarDate | null;
  };

/** The columns the plan of a subscription needs. */
const planSelect = sql`select s.id::int, s.organisation_id::int, s.gym_id::int, s.user_id::int, s.payment_type_id::int,
          pt.type as payment_type,
          s.start_date::text, s.anchor_day, s.current_period_start::text, s.current_period_end::text,
          s.ends_at::text, s.term_ends_at::text, s.is_term_membership, s.force_price_amount,
          s.transition_to_price_id::int, s.transition_takes_effect_at::text, tp.amount as transition_amount,
          tp.billing_frequency as transition_frequency, p.amount as price_amount, p.billing_frequency, p.joining_fee, g.card_surcharge_basis_points,
          da.id::int as destination_account_id,
          case when s.current_period_start is null then
            (select m.billing_date::text from organisation_members m
              where m.organisation_id = s.organisation_id and m.user_id = s.user_id) end as billing_date
        from subscriptions s
        join prices p on p.id = s.price_id
        join gyms g on g.id = s.gym_id
        left join prices tp on tp.id = s.transition_to_price_id
        left join payment_types pt on pt.id = s.payment_type_id and pt.deleted_at is null
        left join destination_accounts da on da.gym_id = s.gym_id`;

/**
 * Migration 0035's subscription_may_fall_due for `s`: a first payment declined at confirmation
 * (upcoming_state AWAITING_FIRST_PAYMENT) is charged nothing more until the member pays it; a cancelled
 * membership without an end date nothing more; one with an end date up to it.
 */
const MAY_FALL_DUE =
  sql.raw(`subscription_may_fall_due(s.is_staging, s.upcoming_state, s.cancelled_at, s.ends_at,
            s.current_period_start, s.current_period_end, s.start_date)`);

/** The columns the plan of a subscription needs, of those with a charge due on or before `day`. */
const dueSelect = (day: CalendarDate) =>
  sql`${planSelect}
        where ${MAY_FALL_DUE}
          and ${dueOn('s', day)}`;

/** Subscriptions after `afterId` with a charge due on or before `day`, locked for this transaction. */
export function claimDueSubscriptions(tx: Executor, day: CalendarDate, afterId: number) {
  return queryRows<DueSubscription>(
    tx,
    sql`${dueSelect(day)}
          and s.id > ${afterId}
        order by s.id
        limit ${BATCH}
        for update of s skip locked`,
  );
}

/**
 * Every subscription of the organisation (of one gym, if given) with a charge due on or before `day`,
 * read without locking: what the run will charge, for the expected-payments screen.
 */
export function dueSubscriptions(db: Executor, day: CalendarDate, organisationId: number, gymId?: number) {
  return queryRows<DueSubscription>(
    db,
    sql`${dueSelect(day)}
          and s.organisation_id = ${organisationId}
          ${gymId === undefined ? sql`` : sql`and s.gym_id = ${gymId}`}
        order by s.id`,
  );
}

/** Booked pauses (not applied, not cancelled) starting on or before `day`: the plan alone is not theirs. */
const pausedBy = (day: CalendarDate) =>
  sql`exists (select 1 from subscription_pauses sp where sp.subscription_id = s.id
                and sp.applied_at is null and sp.cancelled_at is null and sp.start_date <= ${day}::date)`;

/** The plan's inputs read as they are (every column planOf reads but the two dated below). */
const PLAN_COLUMNS = sql.raw(
  [
    'payment_type',
    'anchor_day',
    'current_period_start',
    'current_period_end',
    'ends_at',
    'term_ends_at',
    'is_term_membership',
    'force_price_amount',
    'transition_to_price_id',
    'transition_takes_effect_at',
    'transition_amount',
    'transition_frequency',
    'price_amount',
    'billing_frequency',
    'joining_fee',
    'card_surcharge_basis_points',
  ]
    .map((column) => `x.${column}`)
    .join(', '),
);

/**
 * The plan's inputs, by which memberships with identical plans group: PLAN_COLUMNS, and the start date and
 * fixed billing date only before the first charge (the only time the plan reads them).
 */
const PLAN_KEY = sql`${PLAN_COLUMNS},
  case when x.current_period_start is null then x.start_date end,
  case when x.current_period_start is null then x.billing_date end`;

/** Due subscriptions whose plan inputs are the same, as one of them and how many: each plans alike. */
export type DueSubscriptionGroup = DueSubscription & { members: number };

/**
 * The forecast's reads of dueSubscriptions, worked out from the subscriptions: `plain`, those with no pause
 * booked by `day` grouped by the plan's inputs; `paused`, the others one by one (their plan moves at each
 * pause). Reads every due membership (seconds at a million): the reference dueSubscriptionsForForecast's
 * kept counts are checked against (forecast-plan-counts.test.ts).
 */
export async function dueSubscriptionsForForecastGrouped(
  db: Executor,
  day: CalendarDate,
  organisationId: number,
  gymId?: number,
) {
  const scoped = sql`and s.organisation_id = ${organisationId}
          ${gymId === undefined ? sql`` : sql`and s.gym_id = ${gymId}`}`;
  const [plain, paused] = await Promise.all([
    queryRows<DueSubscriptionGroup>(
      db,
      sql`select min(x.id)::int as id, min(x.organisation_id)::int as organisation_id, min(x.gym_id)::int as gym_id,
            min(x.user_id)::int as user_id, min(x.payment_type_id)::int as payment_type_id,
            min(x.destination_account_id)::int as destination_account_id, min(x.start_date) as start_date,
            min(x.billing_date) as billing_date, count(*)::int as members, ${PLAN_COLUMNS}
          from (${dueSelect(day)} ${scoped} and not ${pausedBy(day)}) x
          group by ${PLAN_KEY}
          order by 1`,
    ),
    queryRows<DueSubscription>(db, sql`${dueSelect(day)} ${scoped} and ${pausedBy(day)} order by s.id`),
  ]);
  return { plain, paused };
}

/** Booked pauses by `day` of the organisation's (one gym's) subscriptions, as `s`. */
const pausedScoped = (day: CalendarDate, organisationId: number, gymId?: number) =>
  sql`select s from subscriptions s
          where s.organisation_id = ${organisationId}
            ${gymId === undefined ? sql`` : sql`and s.gym_id = ${gymId}`}
            and ${pausedBy(day)}`;

/** subscription_plan_counts' key columns (migration 0035). */
const COUNT_KEY = sql.raw(
  [
    'organisation_id',
    'gym_id',
    'price_id',
    'transition_to_price_id',
    'payment_type',
    'anchor_day',
    'current_period_start',
    'current_period_end',
    'ends_at',
    'term_ends_at',
    'is_term_membership',
    'force_price_amount',
    'transition_takes_effect_at',
    'first_start_date',
    'first_billing_date',
  ]
    .map((column) => `k.${column}`)
    .join(', '),
);

/**
 * The forecast's reads of dueSubscriptions, as dueSubscriptionsForForecastGrouped answers them, from the
 * counts the triggers keep per plan key (subscription_plan_counts, migration 0035: a few thousand rows)
 * instead of every due membership: the keys' counts summed, less the memberships with a pause booked by
 * `day` (read one by one, as `paused`), joined to their prices and gym, kept when due by `day` (dueOn,
 * the run's own rule), and grouped by the plan's inputs as the reference groups them.
 */
export async function dueSubscriptionsForForecast(
  db: Executor,
  day: CalendarDate,
  organisationId: number,
  gymId?: number,
) {
  const scoped = sql`and s.organisation_id = ${organisationId}
          ${gymId === undefined ? sql`` : sql`and s.gym_id = ${gymId}`}`;
  const [plain, paused] = await Promise.all([
    queryRows<DueSubscriptionGroup>(
      db,
      sql`with paused as (select array(${pausedScoped(day, organisationId, gymId)}) as subs),
          counted as (
            select ${COUNT_KEY}, sum(k.members)::int as members
            from (select * from subscription_plan_counts c
                  where c.organisation_id = ${organisationId}
                    ${gymId === undefined ? sql`` : sql`and c.gym_id = ${gymId}`}
                  union all
                  select q.* from paused,
                    subscription_plan_keys(paused.subs, subscription_plan_payment_types(paused.subs, false),
                      subscription_plan_memberships(paused.subs, false), -1) q) k
            group by ${COUNT_KEY}
            having sum(k.members) <> 0),
          keys as (
            select k.organisation_id, k.gym_id, k.transition_to_price_id, k.payment_type, k.anchor_day,
              k.current_period_start, k.current_period_end, k.ends_at, k.term_ends_at, k.is_term_membership,
              k.force_price_amount, k.transition_takes_effect_at, k.first_start_date as start_date,
              k.first_billing_date as billing_date, k.members, k.price_id
            from counted k)
          -- Grouped on the dates as dates, written as text after (as planSelect writes them): sorting
          -- thousands of keys by text cost a third of the statement.
          select g.id, g.organisation_id, g.gym_id, g.user_id, g.payment_type_id, g.destination_account_id,
            g.start_date::text as start_date, g.billing_date::text as billing_date, g.members, g.payment_type,
            g.anchor_day, g.current_period_start::text as current_period_start,
            g.current_period_end::text as current_period_end, g.ends_at::text as ends_at,
            g.term_ends_at::text as term_ends_at, g.is_term_membership, g.force_price_amount,
            g.transition_to_price_id, g.transition_takes_effect_at::text as transition_takes_effect_at,
            g.transition_amount, g.transition_frequency, g.price_amount, g.billing_frequency, g.joining_fee,
            g.card_surcharge_basis_points
          from (
            select 0 as id, min(x.organisation_id)::int as organisation_id, min(x.gym_id)::int as gym_id,
              0 as user_id, null::int as payment_type_id, null::int as destination_account_id,
              min(x.start_date) as start_date, min(x.billing_date) as billing_date, sum(x.members)::int as members,
              ${PLAN_COLUMNS}
            from (
              select k.organisation_id, k.gym_id, k.payment_type, k.anchor_day, k.current_period_start,
                k.current_period_end, k.ends_at, k.term_ends_at, k.is_term_membership, k.force_price_amount,
                k.transition_to_price_id::int, k.transition_takes_effect_at,
                tp.amount as transition_amount, tp.billing_frequency as transition_frequency,
                p.amount as price_amount, p.billing_frequency, p.joining_fee, g.card_surcharge_basis_points,
                k.start_date, k.billing_date, k.members
              from keys k
              join prices p on p.id = k.price_id
              join gyms g on g.id = k.gym_id
              left join prices tp on tp.id = k.transition_to_price_id
              where ${dueOn('k', day)}) x
            group by ${PLAN_KEY}
            having sum(x.members) <> 0) g`,
    ),
    queryRows<DueSubscription>(db, sql`${dueSelect(day)} ${scoped} and ${pausedBy(day)} order by s.id`),
  ]);
  return { plain, paused };
}

/**
 * Folds the forecast's plan-count deltas (subscription_plan_counts, migration 0035) into one row a key,
 * organisation by organisation: the daily run's end. Each statement appends a few rows; the read sums
 * whatever is there, so this keeps it a few thousand rows long, not a correction.
 */
export async function compactPlanCounts(db: Executor) {
  const organisations = await queryRows<{ id: number }>(
    db,
    sql`select o.id::int from organisations o order by o.id`,
  );
  for (const { id } of organisations)
    await queryRows(db, sql`select subscription_plan_counts_compact(${id})::text`);
}

/**
 * The organisation's subscriptions whose next charge falls due on `day` exactly (the day's payment
 * reminders), read without locking: only the day's rows, not every membership due by then.
 */
export function subscriptionsDueOn(db: Executor, day: CalendarDate, organisationId: number) {
  return queryRows<DueSubscription>(
    db,
    sql`${dueSelect(day)}
          and ${NEXT_DUE} = ${day}
          and s.organisation_id = ${organisationId}
        order by s.id`,
  );
}

/** One subscription, locked, if it has a charge due on or before `day` (confirming a membership). */
export async function claimDueSubscription(
  tx: Executor,
  day: CalendarDate,
  organisationId: number,
  subscriptionId: number,
) {
  const rows = await queryRows<DueSubscription>(
    tx,
    sql`${dueSelect(day)}
          and s.organisation_id = ${organisationId} and s.id = ${subscriptionId}
        for update of s`,
  );
  return rows[0] ?? null;
}

/**
 * One subscription's plan columns, whatever its state, in the caller's transaction (which holds its
 * lock): a membership awaiting its first payment, re-dated when that payment comes on a later day.
 */
export async function subscriptionForPlan(tx: Executor, organisationId: number, subscriptionId: number) {
  const rows = await queryRows<DueSubscription>(
    tx,
    sql`${planSelect} where s.organisation_id = ${organisationId} and s.id = ${subscriptionId}`,
  );
  return rows[0] ?? null;
}

export interface NewAttempt {
  organisationId: number;
  gymId: number;
  userId: number;
  subscriptionId: number;
  chargeId: number;
  paymentTypeId: number | null;
  destinationAccountId: number | null;
  type: string;
  amount: number;
  surcharge: number;
  periodStart: CalendarDate | null;
  periodEnd: CalendarDate | null;
  isRetry: boolean;
  isTermMembership: boolean;
  attempt: number;
  meta: Record<string, unknown>;
  /** Whether the attempt is at a pro-rata charge; the single insert reads it from the charge when absent. */
  isProRata?: boolean;
  /** The staff override that priced the charge (force_price_amount), recorded as force_amount. */
  forceAmount?: number | null;
  /**
   * Whether the attempt asks for part of its charge; when absent it does if staff took part of the charge
   * at the desk (the insert reads it). A charge made in the same batch has had no payment yet: false.
   */
  paysPart?: boolean;
  now: Date;
}

/** The attempt's idempotency key: made from the charge and the attempt's number, never reused. */
const attemptKey = (chargeId: number, attempt: number) => `charge-${chargeId}-attempt-${attempt}`;

/**
 * Writes the attempt (pending_request) before any provider hears of it. Answers null when the attempt
 * exists already, or another attempt at the charge is in flight (the unique indexes say so).
 */
export async function insertAttempt(tx: Executor, a: NewAttempt): Promise<number | null> {
  const { now, ...row } = a;
  const [id] = await insertAttempts(tx, [row], now);
  return id ?? null;
}

export interface NewCharge {
  organisationId: number;
  subscriptionId: number;
  periodStart: CalendarDate;
  periodEnd: CalendarDate | null;
  amount: number;
  surcharge: number;
  /** The first charge of a member with a fixed billing date, for the days up to it. */
  isProRata?: boolean;
}

/**
 * Inserts a batch's charges in one statement, each unless it exists (its natural key); answers the ones
 * this call made, by subscription and period start.
 */
export async function insertCharges(tx: Executor, rows: NewCharge[], now: Date) {
  if (rows.length === 0) return [];
  const made = await queryRows<{ id: number; subscription_id: number; period_start: CalendarDate }>(
    tx,
    sql`insert into charges (organisation_id, subscription_id, kind, period_start, period_end, due_date,
          amount, surcharge, is_pro_rata, status, created_at)
        select x."organisationId", x."subscriptionId", 'period', x."periodStart", x."periodEnd", x."periodStart",
          x.amount, x.surcharge, coalesce(x."isProRata", false), 'unpaid', ${now.toISOString()}
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x("organisationId" bigint,
          "subscriptionId" bigint, "periodStart" date, "periodEnd" date, amount integer, surcharge integer,
          "isProRata" boolean)
        on conflict (subscription_id, kind, period_start) do nothing
        returning id::int, subscription_id::int, period_start::text`,
  );
  return made.map((r) => ({ ...r, id: Number(r.id), subscription_id: Number(r.subscription_id) }));
}

/**
 * The one insert of attempts (pending_request), in one statement for a batch; answers the ids it made.
 * An attempt not told whether it is pro-rata is as its charge is.
 */
export async function insertAttempts(tx: Executor, rows: Omit<NewAttempt, 'now'>[], now: Date) {
  if (rows.length === 0) return [];
  const values = rows.map((a) => ({ ...a, key: attemptKey(a.chargeId, a.attempt) }));
  const made = await queryRows<{ id: number }>(
    tx,
    sql`insert into payments (organisation_id, gym_id, user_id, subscription_id, charge_id, payment_type_id,
          destination_account_id, type, amount, surcharge, period_start_at, period_end_at, status, is_retry,
          is_pro_rata, is_term_membership, attempt, idempotency_key, meta, force_amount, pays_part, created_at,
          updated_at)
        select x."organisationId", x."gymId", x."userId", x."subscriptionId", x."chargeId", x."paymentTypeId",
          x."destinationAccountId", x.type, x.amount, x.surcharge, x."periodStart", x."periodEnd",
          'pending_request', x."isRetry",
          coalesce(x."isProRata", (select c.is_pro_rata from charges c where c.id = x."chargeId"), false),
          x."isTermMembership", x.attempt,
          x.key, x.meta, x."forceAmount",
          -- An attempt at a charge staff took part of asks for what is left (repriceUnpaidCharges): a part too.
          coalesce(x."paysPart", exists (select 1 from payments pp where pp.charge_id = x."chargeId"
                  and pp.status = 'sent' and pp.pays_part)),
          ${now.toISOString()}, ${now.toISOString()}
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as x("organisationId" bigint, "gymId" bigint,
          "userId" bigint, "subscriptionId" bigint, "chargeId" bigint, "paymentTypeId" bigint,
          "destinationAccountId" bigint, type text, amount integer, surcharge integer, "periodStart" date,
          "periodEnd" date, "isRetry" boolean, "isProRata" boolean, "isTermMembership" boolean,
          attempt integer, key text, meta jsonb, "forceAmount" integer, "paysPart" boolean)
        order by x."chargeId"
        on conflict do nothing
        returning id::int`,
  );
  return made.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Moves a batch of subscriptions to the period last charged (and to a price change that took effect). */
export async function advanceSubscriptions(
  tx: Executor,
  rows: {
    organisationId: number;
    id: number;
    periodStart: CalendarDate;
    periodEnd: CalendarDate | null;
    priceId: number | null;
  }[],
  now: Date,
) {
  if (rows.length === 0) return;
  await tx.execute(
    sql`update subscriptions s set current_period_start = x."periodStart", current_period_end = x."periodEnd",
          upcoming_state = null,
          price_id = coalesce(x."priceId", s.price_id),
          transition_to_price_id = case when x."priceId" is null then s.transition_to_price_id end,
          transition_takes_effect_at = case when x."priceId" is null then s.transition_takes_effect_at end,
          force_price_amount = case when x."priceId" is null then s.force_price_amount end,
          version = s.version + 1, updated_at = ${now.toISOString()}
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x("organisationId" bigint, id bigint,
          "periodStart" date, "periodEnd" date, "priceId" bigint)
        where s.organisation_id = x."organisationId" and s.id = x.id`,
  );
}

/** Marks the subscription's scheduled price change applied; answers the change's id. */
export async function markPriceChangeApplied(
  tx: Executor,
  subscriptionId: number,
  toPriceId: number,
  now: Date,
) {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update price_changes set applied_at = ${now.toISOString()}
        where subscription_id = ${subscriptionId} and to_price_id = ${toPriceId}
          and applied_at is null and cancelled_at is null
        returning id::int`,
  );
  return rows.map((r) => Number(r.id));
}

/** Subscriptions whose grace has run out unpaid, locked. */
export function claimGraceEnded(tx: Executor, day: CalendarDate) {
  return queryRows<Pick<Row<typeof subscriptions>, 'id' | 'organisation_id' | 'user_id' | 'balance_owing'>>(
    tx,
    sql`select id::int, organisation_id::int, user_id::int, balance_owing from subscriptions
        where grace_period_ends_at <= ${day} and cancelled_at is null and balance_owing > 0
        order by id limit ${BATCH}
        for update skip locked`,
  );
}

/**
 * Term memberships whose term ends on `day` (live ones, not yet logged as ended), locked. From that day
 * they are flexi (BILLING.md "Cancellation": at the end of a term …); the charges already price it.
 */
export function claimTermsEnding(tx: Executor, day: CalendarDate) {
  return queryRows<
    Pick<Row<typeof subscriptions>, 'id' | 'organisation_id' | 'user_id' | 'transition_to_price_id'>
  >(
    tx,
    sql`select s.id::int, s.organisation_id::int, s.user_id::int, s.transition_to_price_id::int
        from subscriptions s
        where s.is_term_membership and s.term_ends_at = ${day} and s.cancelled_at is null
          and not s.is_staging
          and not exists (select 1 from activity_log a where a.subject_type = 'subscription'
                            and a.subject_id = s.id and a.action = 'subscription.term_ended')
        order by s.id limit ${BATCH}
        for update of s skip locked`,
  );
}

export async function markPauseApplied(
  tx: Executor,
  pause: { id: number; organisation_id: number },
  creditDays: number,
  now: Date,
) {
  await tx.execute(
    sql`update subscription_pauses set applied_at = ${now.toISOString()}, credit_days = ${creditDays}
        where id = ${pause.id} and organisation_id = ${pause.organisation_id}`,
  );
}

export async function markPauseEnded(tx: Executor, pauseId: number, now: Date) {
  await tx.execute(sql`update subscription_pauses set ended_at = ${now.toISOString()} where id = ${pauseId}`);
}

/** A pause due to start with its subscription's dates. */
export type DuePause = Pick<
  Row<typeof subscriptionPauses>,
  'id' | 'subscription_id' | 'organisation_id' | 'start_date' | 'end_date'
> &
  Pick<Row<typeof subscriptions>, 'user_id' | 'current_period_start' | 'current_period_end'> & {
    /** The subscription's start_date. */
    sub_start_date: CalendarDate;
  };

/** Pauses whose first day has come and that the run has not applied yet, with their subscriptions locked. */
export function claimStartingPauses(tx: Executor, day: CalendarDate) {
  return queryRows<DuePause>(
    tx,
    sql`select sp.id::int, sp.subscription_id::int, sp.organisation_id::int, s.user_id::int, sp.start_date::text,
          sp.end_date::text, s.start_date::text as sub_start_date, s.current_period_start::text,
          s.current_period_end::text
        from subscription_pauses sp join subscriptions s on s.id = sp.subscription_id
        where sp.applied_at is null and sp.cancelled_at is null and sp.start_date <= ${day}
          and s.cancelled_at is null
        order by sp.start_date, sp.id limit ${BATCH}
        for update of sp, s skip locked`,
  );
}

/** Applied pauses whose first day back has come, locked. */
export function claimEndingPauses(tx: Executor, day: CalendarDate) {
  return queryRows<{ id: number; subscription_id: number; organisation_id: number; user_id: number }>(
    tx,
    sql`select sp.id::int, sp.subscription_id::int, sp.organisation_id::int, s.user_id::int
        from subscription_pauses sp join subscriptions s on s.id = sp.subscription_id
        where sp.applied_at is not null and sp.ended_at is null and sp.end_date <= ${day}
        order by sp.id limit ${BATCH}
        for update of sp, s skip locked`,
  );
}

/**
 * An attempt a provider was asked for. A part payment taken at the desk is recorded against the charge
 * too (pays_part), but a retry copies and follows the provider's last answer, not the desk's.
 */
const PROVIDER_ATTEMPT = sql.raw(`p.type in ('bank_account', 'stripe_card')`);

/** A failed, unpaid charge with its attempts so far. */
export type RetryCandidate = Pick<Row<typeof charges>, 'id' | 'organisation_id' | 'subscription_id'> & {
  /** Never null here: the claim takes failed charges only. */
  first_failed_at: NonNullable<Row<typeof charges>['first_failed_at']>;
  retries_made: number;
  last_attempt: number;
  /** The latest attempt's error_status. */
  last_error: string | null;
};

/**
 * Failed, unpaid charges with nothing in flight, of live subscriptions (and break fees, which are owed
 * because the membership was cancelled): the retry rule decides which.
 */
export function claimRetryCandidates(tx: Executor, failedBefore: Date, afterId: number) {
  return queryRows<RetryCandidate>(
    tx,
    sql`select c.id::int, c.organisation_id::int, c.subscription_id::int, c.first_failed_at,
          (select count(*)::int from payments p where p.charge_id = c.id and p.is_retry) as retries_made,
          (select max(p.attempt)::int from payments p where p.charge_id = c.id) as last_attempt,
          (select p.error_status from payments p where p.charge_id = c.id and ${PROVIDER_ATTEMPT}
            order by p.attempt desc limit 1) as last_error
        from charges c join subscriptions s on s.id = c.subscription_id
        where c.status = 'unpaid' and c.first_failed_at is not null
          and c.first_failed_at < ${failedBefore.toISOString()}
          and (s.cancelled_at is null or c.kind = 'break_fee')
          and c.id > ${afterId}
          and not exists (select 1 from payments p where p.charge_id = c.id
                          and p.status in ('upcoming', 'pending_request'))
        order by c.id limit ${BATCH}
        for update of c skip locked`,
  );
}

/** The latest attempt a provider was asked for at a charge, as the retry copies it. */
export async function latestAttempt(tx: Executor, organisationId: number, chargeId: number) {
  const rows = await queryRows<{
    organisation_id: number;
    gym_id: number;
    user_id: number;
    subscription_id: number | null;
    destination_account_id: number | null;
    amount: number;
    surcharge: number;
    period_start_at: CalendarDate | null;
    period_end_at: CalendarDate | null;
    is_term_membership: boolean;
    meta: Record<string, unknown>;
    force_amount: number | null;
    payment_type_id: number | null;
    payment_type: string | null;
    type: string;
  }>(
    tx,
    sql`select p.organisation_id::int, p.gym_id::int, p.user_id::int, p.subscription_id::int,
          p.destination_account_id::int, p.amount,
          p.surcharge, p.period_start_at::text, p.period_end_at::text, p.is_term_membership, p.meta, p.force_amount,
          s.payment_type_id::int, pt.type as payment_type, p.type
        from payments p
        left join subscriptions s on s.id = p.subscription_id
        left join payment_types pt on pt.id = s.payment_type_id and pt.deleted_at is null
        where p.organisation_id = ${organisationId} and p.charge_id = ${chargeId} and ${PROVIDER_ATTEMPT}
        order by p.attempt desc limit 1`,
  );
  return rows[0] ?? null;
}

/** Bank attempts waiting for the bank's answer, not yet asked in this run. */
export function pendingBankAttempts(db: Executor, askedBefore: Date, afterId: number) {
  return queryRows<{ id: number }>(
    db,
    sql`select id::int from payments
        where status = 'pending_request' and akahu_id is not null and updated_at < ${askedBefore.toISOString()}
          and id > ${afterId}
        order by id limit ${BATCH}`,
  );
}

/**
 * Attempts written but never answered by the provider call (the worker died between the write and the
 * call, or the provider was down): sent again with the same key, which the provider answers once.
 */
export function unsentAttempts(db: Executor, writtenBefore: Date, afterId: number) {
  return queryRows<{ id: number }>(
    db,
    sql`select id::int from payments
        where status = 'pending_request' and akahu_id is null and stripe_id is null and charge_id is not null
          and created_at < ${writtenBefore.toISOString()} and id > ${afterId}
        order by id limit ${BATCH}`,
  );
}

export async function markPolled(db: Executor, paymentId: number, now: Date) {
  await db.execute(
    sql`update payments set poll_count = poll_count + 1, updated_at = ${now.toISOString()}
        where id = ${paymentId} and status = 'pending_request'`,
  );
}

export async function startRun(db: Executor, day: CalendarDate, now: Date) {
  await db.execute(
    sql`insert into billing_runs (day, started_at) values (${day}, ${now.toISOString()})
        on conflict (day) do nothing`,
  );
}

export async function finishRun(db: Executor, day: CalendarDate, now: Date, summary: Record<string, number>) {
  await db.execute(
    sql`update billing_runs set finished_at = coalesce(finished_at, ${now.toISOString()}),
          summary = ${JSON.stringify(summary)}::jsonb
        where day = ${day}`,
  );
}

/** The last business day the billing run finished, or null before its first run. */
export async function lastFinishedDay(db: Executor): Promise<CalendarDate | null> {
  const rows = await queryRows<{ day: CalendarDate | null }>(
    db,
    sql`select max(day)::text as day from billing_runs where finished_at is not null`,
  );
  return rows[0]?.day ?? null;
}

/**
 * A pause staff just added, locked with its subscription, when its first day has come and the run has not
 * applied it (nor was it or the membership cancelled); undefined otherwise.
 */
export async function lockStartedPause(
  db: Executor,
  input: { organisationId: number; pauseId: number; today: CalendarDate },
): Promise<DuePause | undefined> {
  const [pause] = await queryRows<DuePause>(
    db,
    sql`select sp.id::int, sp.subscription_id::int, sp.organisation_id::int, s.user_id::int, sp.start_date::text,
          sp.end_date::text, s.start_date::text as sub_start_date, s.current_period_start::text,
          s.current_period_end::text
        from subscription_pauses sp join subscriptions s on s.id = sp.subscription_id
        where sp.id = ${input.pauseId} and sp.organisation_id = ${input.organisationId}
          and sp.applied_at is null and sp.cancelled_at is null and sp.start_date <= ${input.today}
          and s.cancelled_at is null
        for update of sp, s`,
  );
  return pause;
}
