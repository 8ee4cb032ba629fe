// Reads of the member's own account: their membership's extra facts, their payments, one payment for its
// receipt, what they owe, the organisation's self-service settings and their pauses. Every function is
// scoped to the organisation and to the member (user id), so a member reaches only their own records.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Row } from '../../db/row-types';
import type { organisations, payments, users } from '../../db/schema/index';

/** The member's membership to show: the newest confirmed one (a live one before a cancelled one). */
export async function membershipOf(db: Executor, organisationId: number, userId: number) {
  const [row] = await queryRows<{
    id: number;
    offering_name: string;
    cooling_period_ends_at: CalendarDate | null;
    takes_cards: boolean;
    cancelled_online: boolean;
  }>(
    db,
    sql`select s.id::int, o.name as offering_name, s.cooling_period_ends_at::text,
          (g.stripe_id is not null) as takes_cards,
          (s.cancelled_at is not null and exists (select 1 from activity_log a
            where a.subject_type = 'subscription' and a.subject_id = s.id and a.action = 'subscription.cancelled'
              and a.actor_user_id = s.user_id and a.created_at >= s.cancelled_at)) as cancelled_online
        from subscriptions s
        join prices p on p.id = s.price_id
        join offerings o on o.id = p.offering_id
        join gyms g on g.id = s.gym_id
        where s.organisation_id = ${organisationId} and s.user_id = ${userId} and not s.is_staging
        order by (s.cancelled_at is null) desc, s.id desc
        limit 1`,
  );
  return row ?? null;
}

export type SelfServiceRow = Pick<
  Row<typeof organisations>,
  | 'member_pauses_allowed'
  | 'member_pause_min_days'
  | 'member_pause_max_days'
  | 'member_pauses_per_year'
  | 'member_pause_notice_days'
  | 'member_online_cancellation'
  | 'legal_name'
  | 'gst_number'
  | 'name'
>;

export async function organisationSettings(db: Executor, organisationId: number) {
  const [row] = await queryRows<SelfServiceRow>(
    db,
    sql`select member_pauses_allowed, member_pause_min_days, member_pause_max_days, member_pauses_per_year,
          member_pause_notice_days, member_online_cancellation, legal_name, gst_number, name
        from organisations where id = ${organisationId}`,
  );
  if (!row) throw new Error(`organisation ${organisationId} not found`);
  return row;
}

/** The member's pauses (not removed) starting within the 12 months up to `start`, or after it. */
export async function pausesSince(
  db: Executor,
  organisationId: number,
  userId: number,
  from: CalendarDate,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from subscription_pauses sp join subscriptions s on s.id = sp.subscription_id
        where sp.organisation_id = ${organisationId} and s.user_id = ${userId} and sp.cancelled_at is null
          and sp.start_date > ${from}`,
  );
  return Number(row?.n ?? 0);
}

/** A member's payment with its charge's kind and its offering's name (left joins). */
export type AccountPaymentRow = Pick<
  Row<typeof payments>,
  | 'id'
  | 'amount'
  | 'surcharge'
  | 'status'
  | 'type'
  | 'is_retry'
  | 'period_start_at'
  | 'period_end_at'
  | 'error_description'
  | 'created_at'
  | 'updated_at'
> & {
  kind: string | null;
  offering_name: string | null;
  /** The schema's jsonb (unknown), as the payment's writers make it: an object. */
  meta: Record<string, unknown> | null;
  /** Every payment of the member (the page's count). */
  total: number;
};

const PAYMENT_COLUMNS = sql`pa.id::int, pa.amount, pa.surcharge, pa.status, pa.type, c.kind, pa.is_retry,
  pa.period_start_at::text, pa.period_end_at::text, pa.error_description, o.name as offering_name, pa.meta,
  pa.created_at, pa.updated_at`;
const PAYMENT_FROM = sql`from payments pa
  left join charges c on c.id = pa.charge_id
  left join subscriptions s on s.id = pa.subscription_id
  left join prices p on p.id = s.price_id
  left join offerings o on o.id = p.offering_id`;

export function paymentsOf(
  db: Executor,
  organisationId: number,
  userId: number,
  page: { limit: number; offset: number },
) {
  return queryRows<AccountPaymentRow>(
    db,
    sql`select ${PAYMENT_COLUMNS}, count(*) over ()::int as total ${PAYMENT_FROM}
        where pa.organisation_id = ${organisationId} and pa.user_id = ${userId}
        order by pa.created_at desc, pa.id desc
        limit ${page.limit} offset ${page.offset}`,
  );
}

/** A payment of the account's list with its gym's and member's names, the member's address, and how it was paid. */
export type ReceiptRow = AccountPaymentRow &
  Pick<Row<typeof users>, 'address' | 'suburb' | 'city' | 'post_code'> & {
    gym_name: string;
    member_name: string;
    /** Cash or EFTPOS recorded by staff: its word; a card or bank payment: named from the fields below. */
    method: string | null;
    /** From the card or the bank account (left joins): null for the other kind. */
    card_brand: string | null;
    card_last_four: string | null;
    account_number: string | null;
  };

/** One of the member's own payments (another member's, or another organisation's: none). */
export async function paymentOf(db: Executor, organisationId: number, userId: number, paymentId: number) {
  const [row] = await queryRows<ReceiptRow>(
    db,
    sql`select ${PAYMENT_COLUMNS}, 0 as total, g.name as gym_name, u.name as member_name, u.address, u.suburb,
          u.city, u.post_code,
          cd.brand as card_brand, cd.last_four as card_last_four, ba.account_number,
          case when pa.type = 'eftpos' then 'EFTPOS' when pa.type = 'cash' then 'cash' end as method
        ${PAYMENT_FROM}
        join gyms g on g.id = pa.gym_id
        join users u on u.id = pa.user_id
        left join cards cd on cd.payment_type_id = pa.payment_type_id
        left join bank_accounts ba on ba.payment_type_id = pa.payment_type_id
        where pa.organisation_id = ${organisationId} and pa.user_id = ${userId} and pa.id = ${paymentId}`,
  );
  return row ?? null;
}

/** The member's unpaid charges and each one's latest attempt (what pay-now tries again). */
export function owedCharges(db: Executor, organisationId: number, userId: number) {
  return queryRows<{
    charge_id: number;
    subscription_id: number;
    last_payment_id: number | null;
    last_status: string | null;
  }>(
    db,
    sql`select c.id::int as charge_id, c.subscription_id::int, last.id::int as last_payment_id,
          last.status as last_status
        from charges c
        join subscriptions s on s.id = c.subscription_id
        left join lateral (select p.id, p.status from payments p where p.charge_id = c.id
          order by p.attempt desc, p.id desc limit 1) last on true
        where c.organisation_id = ${organisationId} and s.user_id = ${userId} and c.status = 'unpaid'
          and c.first_failed_at is not null
        order by c.due_date, c.id`,
  );
}

/** The member's default way to pay in the organisation (null when none), or undefined when not a member. */
export async function defaultPaymentTypeOf(db: Executor, organisationId: number, userId: number) {
  const [member] = await queryRows<{ default_payment_type_id: number | null }>(
    db,
    sql`select default_payment_type_id::int from organisation_members
        where organisation_id = ${organisationId} and user_id = ${userId}`,
  );
  return member;
}

/** What the organisation's gym says of its card surcharge, and its rate; undefined for no such gym. */
export async function cardSurchargeOfGym(db: Executor, organisationId: number, gymId: number) {
  const [gym] = await queryRows<{
    general_card_surcharge_text: string | null;
    card_surcharge_basis_points: number;
  }>(
    db,
    sql`select general_card_surcharge_text, card_surcharge_basis_points from gyms
        where organisation_id = ${organisationId} and id = ${gymId}`,
  );
  return gym;
}

/** Whether another account already uses this email address (compared without case). */
export async function emailUsedByAnother(db: Executor, email: string, userId: number): Promise<boolean> {
  const [taken] = await queryRows<{ id: number }>(
    db,
    sql`select id::int from users where lower(email) = lower(${email}) and id <> ${userId}`,
  );
  return taken !== undefined;
}

/** Counts one more wrong code against an email change. */
export async function countWrongEmailCode(db: Executor, emailChangeId: number) {
  await db.execute(sql`update email_changes set attempts = attempts + 1 where id = ${emailChangeId}`);
}
