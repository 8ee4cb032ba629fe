// One member of an organisation: the person, their membership row, their latest subscription with its
// price, pauses and payments summed, in a fixed few queries; and the writes of adding, editing, deleting.
import { SUBSCRIPTION_PAYMENTS_SHOWN } from '@gym/domain/api/members';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryPrepared, queryRows } from '../../db/client';
import type { LeftJoined, Row } from '../../db/row-types';
import type { organisationMembers, payments, prices, subscriptions, users } from '../../db/schema/index';
import { type PaymentTypeRow, paymentTypeRowsSql } from '../payments';
import { type CredentialRow, credentialsSql } from './member-credentials';

/** The person (users) with their membership of the organisation (organisation_members). */
export type MemberRow = Pick<
  Row<typeof users>,
  | 'id'
  | 'name'
  | 'email'
  | 'mobile_number'
  | 'dob'
  | 'email_notifications_enabled'
  | 'push_notifications_enabled'
  | 'payment_reminders'
  | 'emergency_contact_name'
  | 'emergency_contact_email'
  | 'emergency_contact_mobile_number'
  | 'emergency_contact_relationship'
  | 'address'
  | 'suburb'
  | 'city'
  | 'post_code'
  | 'profile_picture_path'
> &
  Pick<
    Row<typeof organisationMembers>,
    | 'home_gym_id'
    | 'billing_date'
    | 'notes'
    | 'tags'
    | 'confidence_and_experience'
    | 'hear_about_us'
    | 'hear_about_us_other'
    | 'is_returning_member'
    | 'reauthenticate_akahu'
    | 'default_payment_type_id'
    | 'created_at'
    | 'updated_at'
    | 'deleted_at'
    | 'last_visit_at'
  > & {
    /** The user's own created_at and updated_at (created_at and updated_at are the membership's). */
    user_created_at: Date;
    user_updated_at: Date;
    home_gym_name: string | null;
    /** Allowed visits at the organisation's gyms. */
    visits_count: number;
    has_akahu_connection: boolean;
  };

/** The member with this user id in the organisation (deleted ones too, when asked), or null. */
export async function findMember(
  db: Executor,
  organisationId: number,
  userId: number,
  options: { withDeleted?: boolean } = {},
): Promise<MemberRow | null> {
  const [row] = await queryPrepared<MemberRow>(
    db,
    'member_find',
    sql`select u.id::int as id, u.name, u.email, u.mobile_number, u.dob::text as dob,
          u.email_notifications_enabled, u.push_notifications_enabled, u.payment_reminders,
          u.emergency_contact_name, u.emergency_contact_email, u.emergency_contact_mobile_number,
          u.emergency_contact_relationship, u.address, u.suburb, u.city, u.post_code, u.profile_picture_path,
          u.created_at as user_created_at, u.updated_at as user_updated_at,
          m.home_gym_id::int as home_gym_id, g.name as home_gym_name, m.billing_date::text as billing_date, m.notes, m.tags,
          m.confidence_and_experience, m.hear_about_us, m.hear_about_us_other, m.is_returning_member,
          m.reauthenticate_akahu, m.default_payment_type_id::int as default_payment_type_id,
          m.created_at, m.updated_at, m.deleted_at,
          (select count(*)::int from visits v where v.user_id = u.id and v.organisation_id = m.organisation_id and v.successful) as visits_count,
          m.last_visit_at,
          exists (select 1 from akahu_connections a where a.user_id = u.id and a.organisation_id = m.organisation_id and a.revoked_at is null) as has_akahu_connection
        from organisation_members m
        join users u on u.id = m.user_id
        left join gyms g on g.id = m.home_gym_id
        where m.organisation_id = ${organisationId} and m.user_id = ${userId}
          ${options.withDeleted ? sql`` : sql`and m.deleted_at is null`}`,
  );
  return row ?? null;
}

/** The member's subscription with its gym's name, what was paid on it, and its prices. */
export type SubscriptionRow = Pick<
  Row<typeof subscriptions>,
  | 'id'
  | 'user_id'
  | 'gym_id'
  | 'start_date'
  | 'current_period_start'
  | 'current_period_end'
  | 'ends_at'
  | 'paused_at'
  | 'cancelled_at'
  | 'grace_period_ends_at'
  | 'cancellation_reasons'
  | 'cancellation_comments'
  | 'pause_days_credit'
  | 'initial_state'
  | 'upcoming_state'
  | 'transition_takes_effect_at'
  | 'undo_cancellation_until'
  | 'force_price_amount'
  | 'is_staging'
  | 'cooling_period_ends_at'
  | 'is_term_membership'
  | 'cancelled_during_cooling_off_period'
  | 'term_ends_at'
  | 'balance_owing'
  | 'periods_owing'
  | 'version'
  | 'private_price_link_id'
  | 'created_at'
> & {
  gym_name: string;
  private_price_link_token: string | null;
  /** Collected payments less their refunds, in cents. */
  payments_sum: number;
  price: PriceRow;
  transition_price: PriceRow | null;
};

/** A price with its offering's id and name (built as JSON by the query, so ids are cast in it). */
export type PriceRow = Pick<
  Row<typeof prices>,
  'id' | 'amount' | 'billing_frequency' | 'joining_fee' | 'term_amount' | 'term_unit' | 'offering_id'
> & {
  offering_name: string;
};

const priceJson = (alias: string, offering: string) =>
  sql.raw(`json_build_object('id', ${alias}.id::int, 'amount', ${alias}.amount, 'billing_frequency', ${alias}.billing_frequency,
    'joining_fee', ${alias}.joining_fee, 'term_amount', ${alias}.term_amount, 'term_unit', ${alias}.term_unit,
    'offering_id', ${offering}.id::int, 'offering_name', ${offering}.name)`);

/** A subscription's columns as SubscriptionRow, over `s` and the joins of `subscriptionJoins`. */
const subscriptionColumns = sql`s.id::int, s.user_id::int, s.gym_id::int, g.name as gym_name, s.start_date::text,
          s.current_period_start::text, s.current_period_end::text, s.ends_at::text, s.paused_at,
          s.cancelled_at, s.grace_period_ends_at::text, s.cancellation_reasons, s.cancellation_comments,
          s.pause_days_credit, s.initial_state, s.upcoming_state, s.transition_takes_effect_at::text,
          s.undo_cancellation_until, s.force_price_amount, s.is_staging, s.cooling_period_ends_at::text,
          s.is_term_membership, s.cancelled_during_cooling_off_period, s.term_ends_at::text,
          s.balance_owing, s.periods_owing, s.version, s.private_price_link_id::int,
          pl.token as private_price_link_token, s.created_at,
          -- What the gym kept: collected payments less their refunds (BILLING.md "Cooling-off refund").
          ((select coalesce(sum(pa.amount), 0) from payments pa
              where pa.subscription_id = s.id and pa.status = 'sent')
            - (select coalesce(sum(r.amount), 0) from payment_refunds r join payments pa on pa.id = r.payment_id
              where pa.subscription_id = s.id))::int as payments_sum,
          ${priceJson('p', 'o')} as price,
          case when tp.id is null then null else ${priceJson('tp', 'tpo')} end as transition_price`;

/** The subscription's gym, price, offering, price it moves to and private link (left joins: `s` may be none). */
const subscriptionJoins = sql`left join gyms g on g.id = s.gym_id
        left join prices p on p.id = s.price_id
        left join offerings o on o.id = p.offering_id
        left join prices tp on tp.id = s.transition_to_price_id
        left join offerings tpo on tpo.id = tp.offering_id
        left join private_price_links pl on pl.id = s.private_price_link_id`;

/** The member's latest subscription in the organisation, with its price (and any price it moves to). */
export async function latestSubscription(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<SubscriptionRow | null> {
  const [row] = await queryPrepared<SubscriptionRow>(
    db,
    'member_latest_subscription',
    sql`select ${subscriptionColumns}
        from subscriptions s
        ${subscriptionJoins}
        where s.id = latest_subscription_id(${organisationId}, ${userId})`,
  );
  return row ?? null;
}

export interface SubscriptionExtras {
  /** Every pause not removed, ended ones too (BILLING.md "Pause history is kept"), by start date. */
  pauses: {
    id: number;
    start_date: string;
    end_date: string;
    credit_days: number;
    applied: boolean;
    ended: boolean;
  }[];
  /** The attempt that settled the first charge, else the first charge's latest attempt. */
  first_payment: PaymentSummaryRow | null;
  /** Its latest SUBSCRIPTION_PAYMENTS_SHOWN payments, newest first. */
  payments: PaymentSummaryRow[];
  payments_count: number;
  upcoming_charge: { due_date: string; amount: number; surcharge: number } | null;
}

/** A payment as the subscription's JSON carries it: its date and instant arrive as JSON text, not as Date. */
export type PaymentSummaryRow = Pick<Row<typeof payments>, 'id' | 'amount' | 'surcharge' | 'status'> & {
  /** The period's first day, as JSON text (YYYY-MM-DD). */
  period_start_at: string | null;
  /** A timestamptz as JSON text (ISO 8601), where the schema's column is a Date. */
  created_at: string;
};

/**
 * The subscription's pauses (ended, open and booked), its first and latest payments and next unpaid
 * charge, as columns of the statement that reads the subscription `subscriptionId` (a column of it).
 */
const extrasColumns = (organisationId: number, subscriptionId: SQL) => sql`
        coalesce((select json_agg(json_build_object('id', sp.id::int, 'start_date', sp.start_date,
            'end_date', sp.end_date, 'credit_days', sp.credit_days, 'applied', sp.applied_at is not null,
            'ended', sp.ended_at is not null)
            order by sp.start_date)
          from subscription_pauses sp
          where sp.subscription_id = ${subscriptionId} and sp.organisation_id = ${organisationId}
            and sp.cancelled_at is null), '[]'::json) as pauses,
        -- The first payment: of the first charge's attempts, the one that settled it (a card declined at
        -- confirmation, then another that paid: the one that paid, with its surcharge), else its latest.
        (select json_build_object('id', pa.id::int, 'amount', pa.amount, 'surcharge', pa.surcharge,
            'status', pa.status, 'period_start_at', pa.period_start_at, 'created_at', pa.created_at)
          from (select f.id, f.charge_id from payments f
                where f.subscription_id = ${subscriptionId} and f.organisation_id = ${organisationId}
                order by f.created_at, f.id limit 1) f
          join payments pa on pa.subscription_id = ${subscriptionId} and pa.organisation_id = ${organisationId}
            and (pa.id = f.id or pa.charge_id = f.charge_id)
          order by (pa.status = 'sent') desc, pa.created_at desc, pa.id desc limit 1) as first_payment,
        coalesce((select json_agg(json_build_object('id', l.id::int, 'amount', l.amount, 'surcharge', l.surcharge,
            'status', l.status, 'period_start_at', l.period_start_at, 'created_at', l.created_at)
            order by l.created_at desc, l.id desc)
          from (select pa.id, pa.amount, pa.surcharge, pa.status, pa.period_start_at, pa.created_at from payments pa
                where pa.subscription_id = ${subscriptionId} and pa.organisation_id = ${organisationId}
                order by pa.created_at desc, pa.id desc limit ${SUBSCRIPTION_PAYMENTS_SHOWN}) l), '[]'::json)
          as payments,
        (select count(*)::int from payments pa
          where pa.subscription_id = ${subscriptionId} and pa.organisation_id = ${organisationId}) as payments_count,
        (select json_build_object('due_date', c.due_date, 'amount', c.amount, 'surcharge', c.surcharge)
          from charges c where c.subscription_id = ${subscriptionId} and c.organisation_id = ${organisationId}
            and c.status = 'unpaid'
          order by c.due_date, c.id limit 1) as upcoming_charge`;

/** Everything a member's page shows beyond their membership row (the records of `memberRecords`). */
export interface MemberRecords {
  subscription: SubscriptionRow | null;
  extras: SubscriptionExtras;
  paymentTypes: PaymentTypeRow[];
  credentials: CredentialRow[];
}

/**
 * A member's latest subscription with its extras, their payment methods and their door credentials: one
 * statement (one round trip) where the page used to send four in two round trips. The payment methods and
 * credentials arrive as JSON (their instants as text, which their presenters read as well as a Date).
 */
export async function memberRecords(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<MemberRecords> {
  const [row] = await queryPrepared<
    LeftJoined<SubscriptionRow> &
      SubscriptionExtras & { payment_types: PaymentTypeRow[]; credentials: CredentialRow[] }
  >(
    db,
    'member_records',
    sql`select ${subscriptionColumns}, ${extrasColumns(organisationId, sql`s.id`)},
          (select coalesce(json_agg(x order by x.created_at desc, x.id desc), '[]'::json)
           from (${paymentTypeRowsSql(organisationId, [userId])}) x) as payment_types,
          (select coalesce(json_agg(x order by x.updated_at desc, x.id desc), '[]'::json)
           from (${credentialsSql(organisationId, userId)}) x) as credentials
        from (select latest_subscription_id(${organisationId}, ${userId}) as id) latest
        left join subscriptions s on s.id = latest.id
        ${subscriptionJoins}`,
  );
  if (!row) throw new Error('member_records answered no row');
  const {
    pauses,
    first_payment,
    payments,
    payments_count,
    upcoming_charge,
    payment_types,
    credentials,
    ...sub
  } = row;
  return {
    subscription: sub.id === null ? null : (sub as SubscriptionRow),
    extras: { pauses, first_payment, payments, payments_count, upcoming_charge },
    paymentTypes: payment_types,
    credentials,
  };
}

/** What the member owes over all their subscriptions in the organisation. */
export async function balanceOwing(db: Executor, organisationId: number, userId: number): Promise<number> {
  const [row] = await queryRows<{ owing: number }>(
    db,
    sql`select coalesce(sum(balance_owing), 0)::int as owing from subscriptions
        where organisation_id = ${organisationId} and user_id = ${userId}`,
  );
  return Number(row?.owing ?? 0);
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await queryRows<{ id: number; deleted_at: Date | string | null }>(
    db,
    sql`select id::int, deleted_at from users where lower(email) = lower(${email})`,
  );
  return row ?? null;
}

export async function membershipExists(db: Executor, organisationId: number, userId: number) {
  const [row] = await queryRows<{ deleted_at: Date | string | null }>(
    db,
    sql`select deleted_at from organisation_members where organisation_id = ${organisationId} and user_id = ${userId}`,
  );
  return row ?? null;
}
