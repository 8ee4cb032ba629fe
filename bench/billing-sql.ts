// The bench members' history, set-based: a charge per billed period, the attempts at each, and visits.
import { q } from './data-sql';

/** One charge per period; the last one of a member in grace failed. */
export const CHARGES = q(
  ['org', 'today'],
  `
  insert into charges (organisation_id, subscription_id, kind, period_start, period_end, due_date, amount, surcharge, status,
    first_failed_at, paid_at, created_at)
  select $1, m.subscription_id, 'period', p.ps, p.pe, p.ps, m.amount, (m.amount * m.surcharge_bp + 5000) / 10000,
    case when f.grace or f.pending then 'unpaid' else 'paid' end,
    case when f.grace or f.recovered then p.ps + time '00:20' end,
    case when not (f.grace or f.pending) then p.ps + time '00:20' + case when f.recovered then interval '1 day' else interval '0' end end,
    p.ps + time '00:20'
  from m
  cross join lateral generate_series(0, m.periods - 1) k
  cross join lateral (select
    case m.freq when 'weekly' then m.start_date + 7 * k when 'fortnightly' then m.start_date + 14 * k
      else (m.start_date + make_interval(months => k))::date end as ps,
    case m.freq when 'weekly' then m.start_date + 7 * (k + 1) when 'fortnightly' then m.start_date + 14 * (k + 1)
      else (m.start_date + make_interval(months => k + 1))::date end as pe) p
  cross join lateral (select
    m.state = 'grace' and k = m.periods - 1 as grace,
    m.pays_by = 'bank_account' and p.ps >= $2::date - 1 and not (m.state = 'grace' and k = m.periods - 1) as pending,
    k < m.periods - 1 and p.ps <= $2::date - 4 and pg_temp.r(m.n::bigint * 4096 + k, 9) < 0.03 as recovered) f`,
);

const PAYMENT_COLUMNS = `organisation_id, gym_id, user_id, subscription_id, charge_id, payment_type_id, destination_account_id, type,
  amount, surcharge, period_start_at, period_end_at, status, is_retry, attempt, idempotency_key, akahu_id, stripe_id,
  error_status, error_description, created_at, updated_at`;
const PAYMENT_VALUES = (attempt: number, status: string, at: string) => `
  c.organisation_id, m.gym_id, m.user_id, c.subscription_id, c.id, m.payment_type_id, m.dest_id, m.pays_by,
  c.amount, c.surcharge, c.period_start, c.period_end, ${status}, ${attempt > 1}, ${attempt}, 'bench:' || c.id || ':${attempt}',
  case when m.pays_by = 'bank_account' then 'pay_bench' || c.id || '_${attempt}' end,
  case when m.pays_by = 'stripe_card' then 'pi_bench' || c.id || '_${attempt}' end,
  case when ${status} = 'failed' then 'INSUFFICIENT_FUNDS' end, case when ${status} = 'failed' then 'Insufficient funds' end,
  ${at}, ${at} + interval '1 hour'`;

/** Every charge's first attempt, then the retry of each that failed. */
export const PAYMENTS = [
  q(
    [],
    `insert into payments (${PAYMENT_COLUMNS})
   select ${PAYMENT_VALUES(1, "case when c.first_failed_at is not null then 'failed' when c.status = 'unpaid' then 'pending_request' else 'sent' end", 'c.created_at')}
   from charges c join m on m.subscription_id = c.subscription_id`,
  ),
  q(
    [],
    `insert into payments (${PAYMENT_COLUMNS})
   select ${PAYMENT_VALUES(2, "case when c.status = 'paid' then 'sent' else 'failed' end", "c.first_failed_at + interval '1 day'")}
   from charges c join m on m.subscription_id = c.subscription_id
   where c.first_failed_at is not null and c.first_failed_at + interval '1 day' < now()`,
  ),
];

/** Visits on days of access at the hours people train; about 1% refused at the door. */
export const VISITS = q(
  ['org'],
  `
  insert into visits (organisation_id, gym_id, user_id, visited_at, successful, created_at)
  select $1, m.gym_id, m.user_id, t.at, pg_temp.r(m.n::bigint * 8192 + v, 22) > 0.01, t.at
  from m
  cross join lateral generate_series(1, floor(greatest(0, m.access_end - m.start_date) / 7.0 * m.rate)::int) v
  cross join lateral (select ((m.start_date + floor(pg_temp.r(m.n::bigint * 8192 + v, 21) * (m.access_end - m.start_date))::int)::timestamp
      + make_interval(hours => (array[5,6,6,7,7,8,9,10,12,12,13,16,17,17,18,18,19,20])[1 + floor(pg_temp.r(m.n::bigint * 8192 + v, 23) * 18)::int],
                      mins => floor(pg_temp.r(m.n::bigint * 8192 + v, 24) * 60)::int)) at time zone 'Pacific/Auckland' as at) t
  where t.at < now()`,
);
