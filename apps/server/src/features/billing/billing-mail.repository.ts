// What the billing mail says, read from the rows that caused it: the member, the gym, the payment or
// subscription. Reads inside the caller's transaction see the change the mail is about.
import type { CalendarDate } from '@gym/domain/calendar-date';
import type { OfferingAccess } from '@gym/domain/offering-access-change';
import { methodInSentence } from '@gym/domain/payment-method';
import { sql } from 'drizzle-orm';
import { type Executor, queryPrepared, queryRows } from '../../db/client';
import { idList } from '../../db/id-list';
import type { LeftJoined, Row } from '../../db/row-types';
import type {
  charges,
  organisations,
  payments,
  priceChanges,
  prices,
  subscriptions,
  users,
} from '../../db/schema/index';

/** Batch size of the daily scans. */
export const MAIL_SCAN_BATCH = 200;

/** The member a mail goes to. Deleted people get none. */
type Recipient = Pick<Row<typeof users>, 'name' | 'email' | 'email_notifications_enabled'> & {
  organisation_id: number;
  user_id: number;
  gym_name: string;
};

/** The payment method's parts, named in a sentence by the domain's one naming (methodInSentence). */
const METHOD = sql.raw('pt.type as method_type, cd.brand as method_brand, cd.last_four as method_last_four');
interface MethodParts {
  method_type: string | null;
  method_brand: string | null;
  method_last_four: string | null;
}
const withMethod = <T extends MethodParts>({ method_type, method_brand, method_last_four, ...row }: T) => ({
  ...row,
  method: methodInSentence({ type: method_type, brand: method_brand, last_four: method_last_four }),
});

/** A payment's mail facts (its type: bank_account, stripe_card, or cash and eftpos recorded by staff). */
export type PaymentMailFacts = Recipient &
  Pick<
    Row<typeof payments>,
    | 'id'
    | 'type'
    | 'charge_id'
    | 'subscription_id'
    | 'amount'
    | 'surcharge'
    | 'is_retry'
    | 'period_start_at'
    | 'period_end_at'
    | 'error_status'
    | 'error_description'
  > &
  LeftJoined<Pick<Row<typeof charges>, 'first_failed_at'>> &
  LeftJoined<Pick<Row<typeof subscriptions>, 'grace_period_ends_at'>> &
  Pick<Row<typeof organisations>, 'gst_number'> & {
    /** The schema's jsonb is `unknown`; a payment's meta is an object. */
    meta: Record<string, unknown> | null;
    method: string | null;
    retries_made: number;
    /** The supplier and recipient a receipt names (New Zealand taxable supply information). */
    supplier_name: string;
    member_address: string | null;
  };

export async function paymentMailFacts(
  tx: Executor,
  organisationId: number,
  paymentId: number,
): Promise<PaymentMailFacts | null> {
  // Prepared: each payment's answer queues its mail, and planning this eight-way join took 1.7 ms a call
  // on a PostgreSQL server against 0.1 ms running it (issue 27), inside the transaction the day's answers share.
  const [row] = await queryPrepared<Omit<PaymentMailFacts, 'method'> & MethodParts>(
    tx,
    'payment_mail_facts',
    sql`select p.id::int, p.organisation_id::int, p.user_id::int, u.name, u.email, u.email_notifications_enabled,
          g.name as gym_name, p.type, p.charge_id::int, p.subscription_id::int, p.amount, p.surcharge,
          p.is_retry,
          p.period_start_at::text, p.period_end_at::text, p.error_status, p.error_description, p.meta,
          ${METHOD}, c.first_failed_at,
          (select count(*)::int from payments r where r.charge_id = p.charge_id and r.is_retry) as retries_made,
          s.grace_period_ends_at::text, coalesce(o.legal_name, o.name) as supplier_name, o.gst_number,
          nullif(concat_ws(', ', nullif(u.address, ''), nullif(u.suburb, ''),
            nullif(concat_ws(' ', u.city, u.post_code), '')), '') as member_address
        from payments p
        join organisations o on o.id = p.organisation_id
        join users u on u.id = p.user_id and u.deleted_at is null
        join gyms g on g.id = p.gym_id
        left join charges c on c.id = p.charge_id
        left join subscriptions s on s.id = p.subscription_id
        left join payment_types pt on pt.id = p.payment_type_id
        left join cards cd on cd.payment_type_id = pt.id
        where p.organisation_id = ${organisationId} and p.id = ${paymentId}`,
  );
  return row ? withMethod(row) : null;
}

export type SubscriptionMailFacts = Recipient &
  Pick<Row<typeof subscriptions>, 'id' | 'balance_owing' | 'grace_period_ends_at'>;

const subscriptionSelect = sql`select s.id::int, s.organisation_id::int, s.user_id::int, u.name, u.email,
    u.email_notifications_enabled, g.name as gym_name, s.balance_owing, s.grace_period_ends_at::text
  from subscriptions s
  join users u on u.id = s.user_id and u.deleted_at is null
  join gyms g on g.id = s.gym_id`;

export async function subscriptionMailFacts(tx: Executor, subscriptionId: number) {
  const [row] = await queryRows<SubscriptionMailFacts>(
    tx,
    sql`${subscriptionSelect} where s.id = ${subscriptionId}`,
  );
  return row ?? null;
}

/**
 * Live subscriptions after `afterId` whose grace ends after `day` and on or before `lastDay`, still
 * owing, whose members take notifications by email.
 */
export function graceEndingSoon(db: Executor, day: CalendarDate, lastDay: CalendarDate, afterId: number) {
  return queryRows<SubscriptionMailFacts>(
    db,
    sql`${subscriptionSelect}
        where s.grace_period_ends_at > ${day} and s.grace_period_ends_at <= ${lastDay}
          and s.cancelled_at is null and s.balance_owing > 0 and not s.is_staging
          and u.email_notifications_enabled and s.id > ${afterId}
        order by s.id limit ${MAIL_SCAN_BATCH}`,
  );
}

export async function organisationIds(db: Executor): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select id::int from organisations order by id`);
  return rows.map((r) => Number(r.id));
}

export type ReminderRecipient = Recipient & {
  subscription_id: number;
  method: string | null;
};

/**
 * Of the given subscriptions, those whose members asked for payment reminders by email and whose charge
 * on `dueDate` nothing stands to move: no pause waiting to start by then, no grace ending by then.
 */
export async function reminderRecipients(
  db: Executor,
  subscriptionIds: readonly number[],
  dueDate: CalendarDate,
): Promise<ReminderRecipient[]> {
  const rows = await queryRows<Omit<ReminderRecipient, 'method'> & MethodParts>(
    db,
    sql`select s.id::int as subscription_id, s.organisation_id::int, s.user_id::int, u.name, u.email,
          u.email_notifications_enabled, g.name as gym_name, ${METHOD}
        from subscriptions s
        join users u on u.id = s.user_id and u.deleted_at is null
        join gyms g on g.id = s.gym_id
        left join payment_types pt on pt.id = s.payment_type_id and pt.deleted_at is null
        left join cards cd on cd.payment_type_id = pt.id
        where s.id in ${idList(subscriptionIds)}
          and u.payment_reminders and u.email_notifications_enabled
          and (s.grace_period_ends_at is null or s.grace_period_ends_at > ${dueDate})
          and not exists (select 1 from subscription_pauses sp where sp.subscription_id = s.id
                            and sp.applied_at is null and sp.cancelled_at is null and sp.start_date <= ${dueDate})
        order by s.id`,
  );
  return rows.map(withMethod);
}

export type PriceChangeMailFacts = Recipient &
  Pick<
    Row<typeof priceChanges>,
    | 'id'
    | 'subscription_id'
    | 'from_price_id'
    | 'to_price_id'
    | 'from_amount'
    | 'to_amount'
    | 'takes_effect_at'
  > &
  LeftJoined<Pick<Row<typeof prices>, 'billing_frequency'>> & {
    reply_to: string | null;
  };

/** Scheduled price changes after `afterId` no member has been told of yet, locked for this transaction. */
export function claimUnnotifiedPriceChanges(tx: Executor, afterId: number) {
  return queryRows<PriceChangeMailFacts>(
    tx,
    sql`select pc.id::int, pc.subscription_id::int, pc.from_price_id::int, pc.to_price_id::int, pc.organisation_id::int, pc.user_id::int, u.name, u.email,
          u.email_notifications_enabled, g.name as gym_name, pc.from_amount, pc.to_amount,
          pc.takes_effect_at::text, tp.billing_frequency, g.price_change_notification_reply_to as reply_to
        from price_changes pc
        join subscriptions s on s.id = pc.subscription_id
        join users u on u.id = pc.user_id and u.deleted_at is null
        join gyms g on g.id = s.gym_id
        left join prices tp on tp.id = pc.to_price_id
        where pc.notified_at is null and pc.applied_at is null and pc.cancelled_at is null
          and (s.ends_at is null or pc.takes_effect_at < s.ends_at) and pc.id > ${afterId}
        order by pc.id limit ${MAIL_SCAN_BATCH}
        for update of pc skip locked`,
  );
}

export async function markPriceChangesNotified(tx: Executor, ids: readonly number[], now: Date) {
  if (ids.length === 0) return;
  await tx.execute(
    sql`update price_changes set notified_at = ${now.toISOString()} where id in ${idList(ids)}`,
  );
}

/** A price's frequency and the access its offering gives: what a price-change notice compares. */
export interface PriceOfferingRow extends OfferingAccess {
  price_id: number;
  billing_frequency: string;
}

/** Each price's offering with the gyms and hours it opens, for the organisation's prices given. */
export async function priceOfferings(db: Executor, organisationId: number, priceIds: readonly number[]) {
  if (priceIds.length === 0) return new Map<number, PriceOfferingRow>();
  const rows = await queryRows<PriceOfferingRow>(
    db,
    sql`select p.id::int as price_id, p.billing_frequency, o.id::int, o.name, o.type,
          o.all_gyms_access as all_gyms,
          array(select g.name from gyms g
                where g.id = o.gym_id or g.id in (select og.gym_id from offering_gyms og where og.offering_id = o.id)
                order by g.name) as gym_names,
          coalesce((select json_agg(json_build_object('day', h.day, 'open_at', h.open_at::text,
                      'close_at', h.close_at::text) order by h.day, h.open_at)
                    from offering_hours h where h.offering_id = o.id), '[]'::json) as hours
        from prices p join offerings o on o.id = p.offering_id
        where p.organisation_id = ${organisationId} and p.id in ${idList(priceIds)}`,
  );
  return new Map(rows.map((r) => [Number(r.price_id), { ...r, id: Number(r.id) }]));
}
