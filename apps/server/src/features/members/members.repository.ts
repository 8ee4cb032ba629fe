// One member of an organisation: the person, their membership row, their latest subscription with its
// price, pauses and payments summed, in a fixed few queries; and the writes of adding, editing, deleting.
import { SUBSCRIPTION_PAYMENTS_SHOWN } from '@gym/domain/api/members';
import { sql } from 'drizzle-orm';
import { type Executor, queryPrepared, queryRows } from '../../db/client';

export interface MemberRow {
  id: number;
  name: string;
  email: string;
  mobile_number: string | null;
  dob: string | null;
  email_notifications_enabled: boolean;
  push_notifications_enabled: boolean;
  payment_reminders: boolean;
  emergency_contact_name: string | null;
  emergency_contact_email: string | null;
  emergency_contact_mobile_number: string | null;
  emergency_contact_relationship: string | null;
  address: string | null;
  suburb: string | null;
  city: string | null;
  post_code: string | null;
  profile_picture_path: string | null;
  user_created_at: Date | string;
  user_updated_at: Date | string;
  home_gym_id: number | null;
  home_gym_name: string | null;
  billing_date: string | null;
  notes: string | null;
  tags: string[];
  confidence_and_experience: string | null;
  hear_about_us: string | null;
  hear_about_us_other: string | null;
  is_returning_member: boolean;
  reauthenticate_akahu: boolean;
  default_payment_type_id: number | null;
  created_at: Date | string;
  updated_at: Date | string;
  deleted_at: Date | string | null;
  visits_count: number;
  last_visit_at: Date | string | null;
  has_akahu_connection: boolean;
}

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

export interface SubscriptionRow {
  id: number;
  user_id: number;
  gym_id: number;
  gym_name: string;
  start_date: string;
  current_period_start: string | null;
  current_period_end: string | null;
  ends_at: string | null;
  paused_at: Date | string | null;
  cancelled_at: Date | string | null;
  grace_period_ends_at: string | null;
  cancellation_reasons: string[];
  cancellation_comments: string | null;
  pause_days_credit: number;
  initial_state: string | null;
  upcoming_state: string | null;
  transition_takes_effect_at: string | null;
  undo_cancellation_until: Date | string | null;
  force_price_amount: number | null;
  is_staging: boolean;
  cooling_period_ends_at: string | null;
  is_term_membership: boolean;
  cancelled_during_cooling_off_period: boolean;
  term_ends_at: string | null;
  balance_owing: number;
  periods_owing: number;
  version: number;
  private_price_link_id: number | null;
  private_price_link_token: string | null;
  created_at: Date | string;
  payments_sum: number;
  price: PriceRow;
  transition_price: PriceRow | null;
}

export interface PriceRow {
  id: number;
  amount: number;
  billing_frequency: string;
  joining_fee: number;
  term_amount: number | null;
  term_unit: string | null;
  offering_id: number;
  offering_name: string;
}

const priceJson = (alias: string, offering: string) =>
  sql.raw(`json_build_object('id', ${alias}.id::int, 'amount', ${alias}.amount, 'billing_frequency', ${alias}.billing_frequency,
    'joining_fee', ${alias}.joining_fee, 'term_amount', ${alias}.term_amount, 'term_unit', ${alias}.term_unit,
    'offering_id', ${offering}.id::int, 'offering_name', ${offering}.name)`);

/** The member's latest subscription in the organisation, with its price (and any price it moves to). */
export async function latestSubscription(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<SubscriptionRow | null> {
  const [row] = await queryPrepared<SubscriptionRow>(
    db,
    'member_latest_subscription',
    sql`select s.id::int, s.user_id::int, s.gym_id::int, g.name as gym_name, s.start_date::text,
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
          case when tp.id is null then null else ${priceJson('tp', 'tpo')} end as transition_price
        from subscriptions s
        join gyms g on g.id = s.gym_id
        join prices p on p.id = s.price_id
        join offerings o on o.id = p.offering_id
        left join prices tp on tp.id = s.transition_to_price_id
        left join offerings tpo on tpo.id = tp.offering_id
        left join private_price_links pl on pl.id = s.private_price_link_id
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

export interface PaymentSummaryRow {
  id: number;
  amount: number;
  surcharge: number;
  status: string;
  period_start_at: string | null;
  created_at: Date | string;
}

/**
 * The subscription's pauses (ended, open and booked), its first and latest payments and next unpaid
 * charge (one query).
 */
export async function subscriptionExtras(
  db: Executor,
  organisationId: number,
  subscriptionId: number,
): Promise<SubscriptionExtras> {
  const [row] = await queryPrepared<SubscriptionExtras>(
    db,
    'member_subscription_extras',
    sql`select
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
          order by c.due_date, c.id limit 1) as upcoming_charge`,
  );
  return row ?? { pauses: [], first_payment: null, payments: [], payments_count: 0, upcoming_charge: null };
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
