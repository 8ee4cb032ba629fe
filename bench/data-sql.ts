// The set-based statements that build the bench organisation's members (billing-sql.ts: their history).
// Each runs over all members at once: INSERT … SELECT over generate_series and a temporary table `m` of
// member facts.
// Deterministic: every "random" choice is a hash of the member number (pg_temp.r), not random().

/** The values a statement's $1, $2, … stand for, by name. */
export interface BenchArgs {
  org: number;
  today: string;
  members: number;
  gyms: number[];
  firstNames: string[];
  lastNames: string[];
  firstEmails: string[];
  lastEmails: string[];
  suburbs: string[];
  cities: string[];
}

export interface Statement {
  args: (keyof BenchArgs)[];
  sql: string;
}

export const q = (args: (keyof BenchArgs)[], sql: string): Statement => ({ args, sql });

export const HELPERS = [
  q(
    [],
    `create or replace function pg_temp.r(n bigint, salt int) returns float8 language sql immutable parallel safe as
   $$ select (hashint8(n * 1000003 + salt) & 2147483647)::float8 / 2147483648 $$`,
  ),
  // ASB 12-3140 account numbers whose modulus-11 check (algorithm A, bases below 0990000) holds: the last
  // base digit is the check digit.
  q(
    [],
    `create or replace function pg_temp.nz_account(x int) returns text language sql immutable as $$
     with s as (select x as v, (11 - (49 + 10*(x/10000) + 5*(x/1000%10) + 8*(x/100%10) + 4*(x/10%10) + 2*(x%10)) % 11) % 11 as c),
          f as (select case when c = 10 then (v/10)*10 + (v%10 + 1) % 10 else v end as v from s)
     select '12-3140-0' || lpad(v::text, 5, '0')
            || ((11 - (49 + 10*(v/10000) + 5*(v/1000%10) + 8*(v/100%10) + 4*(v/10%10) + 2*(v%10)) % 11) % 11)::text || '-00'
     from f $$`,
  ),
];

export const MEMBERS_TABLE = q(
  [],
  `create temp table m (
  n int primary key, user_id bigint, gym_id bigint, dest_id bigint, surcharge_bp int, price_id bigint, freq text,
  amount int, pays_by text, state text, start_date date, end_date date, access_end date, periods int, rate float8,
  payment_type_id bigint, subscription_id bigint, last_start date, last_end date)`,
);

export const MEMBER_FACTS = q(
  ['members', 'today', 'gyms'],
  `
  insert into m (n, gym_id, freq, pays_by, state, start_date, rate)
  select g, ($3::bigint[])[1 + floor(pg_temp.r(g, 1) * cardinality($3::bigint[]))::int],
    case when pg_temp.r(g, 2) < 0.45 then 'weekly' when pg_temp.r(g, 2) < 0.75 then 'fortnightly' else 'monthly' end,
    case when pg_temp.r(g, 3) < 0.75 then 'bank_account' else 'stripe_card' end, s.state,
    case when s.state = 'upcoming' then $2::date + 1 + floor(pg_temp.r(g, 5) * 20)::int
         else $2::date - floor(pg_temp.r(g, 5) * 450)::int end,
    0.1 + pg_temp.r(g, 6) * 1.2
  from generate_series(1, $1::int) g
  cross join lateral (select case when pg_temp.r(g, 4) < 0.07 then 'cancelled' when pg_temp.r(g, 4) < 0.09 then 'paused'
    when pg_temp.r(g, 4) < 0.12 then 'grace' when pg_temp.r(g, 4) < 0.14 then 'upcoming' else 'active' end as state) s`,
);

/** Price, gym account, and the periods billed so far. */
export const MEMBER_PERIODS = [
  q(
    ['org'],
    `update m set price_id = p.id, amount = p.amount from prices p
   where p.organisation_id = $1 and p.billing_frequency = m.freq and not p.private`,
  ),
  q(
    ['org'],
    `update m set dest_id = d.id, surcharge_bp = case when m.pays_by = 'stripe_card' then g.card_surcharge_basis_points else 0 end
   from gyms g join destination_accounts d on d.gym_id = g.id where g.id = m.gym_id and g.organisation_id = $1`,
  ),
  q(
    ['today'],
    `update m set end_date = case state
     when 'cancelled' then start_date + floor(pg_temp.r(n, 7) * ($1::date - start_date))::int
     when 'paused' then greatest(start_date, $1::date - 1 - floor(pg_temp.r(n, 8) * 14)::int)
     when 'upcoming' then null else $1::date end`,
  ),
  q(
    [],
    `update m set periods = case when end_date is null then 0
     when freq = 'weekly' then (end_date - start_date) / 7 + 1
     when freq = 'fortnightly' then (end_date - start_date) / 14 + 1
     else (extract(year from age(end_date, start_date)) * 12 + extract(month from age(end_date, start_date)))::int + 1 end`,
  ),
  q(
    [],
    `update m set last_start = case freq when 'weekly' then start_date + 7 * (periods - 1) when 'fortnightly' then start_date + 14 * (periods - 1)
       else (start_date + make_interval(months => periods - 1))::date end,
     last_end = case freq when 'weekly' then start_date + 7 * periods when 'fortnightly' then start_date + 14 * periods
       else (start_date + make_interval(months => periods))::date end
   where periods > 0`,
  ),
  q(
    ['today'],
    `update m set access_end = case state when 'upcoming' then start_date when 'paused' then end_date + 1
     when 'cancelled' then least(last_end, $1::date + 1) else $1::date + 1 end`,
  ),
];

export const USERS = q(
  ['firstNames', 'lastNames', 'firstEmails', 'lastEmails', 'suburbs', 'cities'],
  `
  with picked as (
    select n, start_date, 1 + floor(pg_temp.r(n, 11) * cardinality($1::text[]))::int as f,
      1 + floor(pg_temp.r(n, 12) * cardinality($2::text[]))::int as l, 1 + (n % cardinality($5::text[])) as s
    from m),
  ins as (
    insert into users (name, email, mobile_number, dob, suburb, city, email_verified_at, created_at, updated_at)
    select ($1::text[])[f] || ' ' || ($2::text[])[l], ($3::text[])[f] || '.' || ($4::text[])[l] || '.' || n || '@bench.example.co.nz',
      (array['021','022','027'])[1 + n % 3] || ' ' || lpad(((n::bigint * 7919) % 1000)::text, 3, '0') || ' ' || lpad(((n::bigint * 104729) % 10000)::text, 4, '0'),
      date '1960-01-01' + floor(pg_temp.r(n, 13) * 16000)::int, ($5::text[])[s], ($6::text[])[s],
      start_date::timestamptz, start_date::timestamptz, start_date::timestamptz
    from picked returning id, email)
  update m set user_id = ins.id from ins where m.n = split_part(split_part(ins.email, '@', 1), '.', 3)::int`,
);

export const PAYMENT_METHODS = [
  q(
    ['org'],
    `with ins as (insert into payment_types (organisation_id, user_id, gym_id, type, created_at)
     select $1, user_id, case when pays_by = 'stripe_card' then gym_id end, pays_by, start_date::timestamptz from m
     returning id, user_id)
   update m set payment_type_id = ins.id from ins where ins.user_id = m.user_id`,
  ),
  q(
    ['org'],
    `insert into bank_accounts (payment_type_id, organisation_id, akahu_account_id, account_number, name)
   select payment_type_id, $1, 'acc_bench' || n, pg_temp.nz_account(((n::bigint * 7919) % 98000)::int), 'Everyday'
   from m where pays_by = 'bank_account'`,
  ),
  q(
    ['org'],
    `insert into cards (payment_type_id, organisation_id, stripe_customer_id, stripe_payment_method_id, brand, exp_month, exp_year, last_four, country)
   select payment_type_id, $1, 'cus_bench' || n, 'pm_bench' || n, case when n % 3 = 0 then 'mastercard' else 'visa' end,
     1 + n % 12, 2027 + n % 4, lpad(((n::bigint * 7919) % 10000)::text, 4, '0'), 'NZ'
   from m where pays_by = 'stripe_card'`,
  ),
  q(
    ['org'],
    `insert into organisation_members (organisation_id, user_id, home_gym_id, start_date, default_payment_type_id, tags, created_at, updated_at)
   select $1, user_id, gym_id, start_date, payment_type_id,
     case when n % 17 = 0 then array['student'] when n % 23 = 0 then array['corporate'] else '{}'::text[] end,
     start_date::timestamptz, start_date::timestamptz from m`,
  ),
];

export const SUBSCRIPTIONS = q(
  ['org', 'today'],
  `
  with ins as (
    insert into subscriptions (organisation_id, gym_id, user_id, price_id, payment_type_id, start_date, anchor_day,
      current_period_start, current_period_end, cancelled_at, ends_at, cancellation_reasons, paused_at, grace_period_ends_at,
      balance_owing, periods_owing, upcoming_state, initial_state, created_at, updated_at)
    select $1, gym_id, user_id, price_id, payment_type_id, start_date, extract(day from start_date)::int,
      last_start, last_end,
      case when state = 'cancelled' then (end_date + 1)::timestamptz end, case when state = 'cancelled' then last_end end,
      case when state = 'cancelled' then array['Cost'] else '{}'::text[] end,
      case when state = 'paused' then (end_date + 1)::timestamptz end,
      case when state = 'grace' then greatest(last_start, $2::date - 5) + 14 end,
      case when state = 'grace' then amount + (amount * surcharge_bp + 5000) / 10000 else 0 end,
      case when state = 'grace' then 1 else 0 end,
      case when state = 'upcoming' then 'upcoming' end, 'active', start_date::timestamptz, now()
    from m returning id, user_id)
  update m set subscription_id = ins.id from ins where ins.user_id = m.user_id`,
);

/** Every member's search terms (the statements migrations 0007 and 0017 run for existing members). */
export const SEARCH_TERMS = q(
  [],
  `insert into member_search_terms (organisation_id, user_id, term, name, home_gym_id)
   select m.organisation_id, m.user_id, t.term, u.search_name, m.home_gym_id
   from organisation_members m join users u on u.id = m.user_id
   cross join lateral (select member_search_terms_of(u.search_name, u.search_email)
     union select member_search_mobile_terms_of(u.mobile_number)) as t(term)
   where m.deleted_at is null and u.deleted_at is null`,
);
