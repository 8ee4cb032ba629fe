// The reads of the member's data export (data-export.service.ts): a fixed few queries, each scoped to the
// organisation and the member. Secrets (password hash, provider tokens) are not read.
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/** Everything the organisation holds about the member, as rows for the export. */
export async function memberRecords(db: Executor, org: number, user: number) {
  const rows = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(db, query);
  const [profile] = await rows(
    sql`select u.id::int, u.name, u.email, u.mobile_number, u.dob::text, u.address, u.suburb, u.city, u.post_code,
          u.emergency_contact_name, u.emergency_contact_email, u.emergency_contact_mobile_number,
          u.emergency_contact_relationship, u.email_notifications_enabled, u.push_notifications_enabled,
          u.payment_reminders, u.created_at, u.updated_at,
          m.start_date::text, m.billing_date::text, m.notes as staff_notes, m.tags,
          m.confidence_and_experience, m.hear_about_us, m.created_at as joined_at
        from users u left join organisation_members m on m.user_id = u.id and m.organisation_id = ${org}
        where u.id = ${user}`,
  );
  const memberships = await rows(
    sql`select s.id::int, g.name as gym, o.name as offering, p.amount as price_amount, p.billing_frequency,
          s.start_date::text, s.current_period_start::text, s.current_period_end::text, s.ends_at::text,
          s.cancelled_at, s.cancellation_reasons, s.cancellation_comments, s.is_term_membership,
          s.term_ends_at::text, s.cooling_period_ends_at::text, s.balance_owing, s.periods_owing, s.created_at,
          coalesce((select json_agg(json_build_object('start_date', sp.start_date, 'end_date', sp.end_date,
            'credit_days', sp.credit_days, 'removed_at', sp.cancelled_at) order by sp.start_date)
            from subscription_pauses sp where sp.subscription_id = s.id), '[]') as pauses
        from subscriptions s join prices p on p.id = s.price_id join offerings o on o.id = p.offering_id
        join gyms g on g.id = s.gym_id
        where s.organisation_id = ${org} and s.user_id = ${user} order by s.id`,
  );
  const payments = await rows(
    sql`select pa.id::int, pa.subscription_id::int, pa.type, pa.amount, pa.surcharge, pa.status,
          pa.period_start_at::text, pa.period_end_at::text, pa.is_retry, pa.error_status, pa.error_description,
          pa.created_at, pa.updated_at
        from payments pa where pa.organisation_id = ${org} and pa.user_id = ${user} order by pa.id`,
  );
  const visits = await rows(
    sql`select v.id::int, g.name as gym, v.visited_at, v.successful
        from visits v join gyms g on g.id = v.gym_id
        where v.organisation_id = ${org} and v.user_id = ${user} order by v.visited_at, v.id`,
  );
  const paymentMethods = await rows(
    sql`select pt.id::int, pt.type, pt.created_at, pt.deleted_at, ba.name as bank_account_name,
          ba.account_number, c.brand as card_brand, c.last_four as card_last_four, c.exp_month, c.exp_year
        from payment_types pt left join bank_accounts ba on ba.payment_type_id = pt.id
        left join cards c on c.payment_type_id = pt.id
        where pt.organisation_id = ${org} and pt.user_id = ${user} order by pt.id`,
  );
  const activity = await rows(
    sql`select a.id::int, a.action, a.subject_type, a.subject_id::int,
          case when a.actor_user_id = a.user_id then 'you' when a.actor_user_id is null then 'system'
               else 'staff' end as by, a.data, a.created_at
        from activity_log a where a.organisation_id = ${org} and a.user_id = ${user} order by a.created_at, a.id`,
  );
  return { profile: profile ?? null, memberships, payments, visits, paymentMethods, activity };
}
