// The members list and its export: a page and its count (or one export batch) per request, whatever the
// filters. Each member row carries their latest subscription and last visit, kept on the membership row by
// triggers (migration 0009) and joined by key, so nothing is looked up per member, and that subscription's
// next payment date and balance owing, kept beside them as sort keys (migration 0033); the list in name order
// is read from the whole-name rows of member_search_terms (live members only, with their home gym), the
// other orders and the total (counted up to MEMBER_COUNT_LIMIT) from the memberships (decision 018). In name
// order a state or owing is tested on the whole-name row itself, which keeps the latest subscription's state
// inputs and balance owing (migration 0036); a rare state's or owing's total counts those rows too.

import { MEMBER_COUNT_LIMIT } from '@gym/domain/api/members';
import type { MemberFilters } from '@gym/domain/api/members-requests';
import { addDays, type CalendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, limitOffset, queryPage, queryPrepared } from '../../db/client';
import type { LeftJoined, Row, SubscriptionStanding } from '../../db/row-types';
import type { organisationMembers, prices, subscriptions, users } from '../../db/schema/index';
import { owingSql, searchTermInputs, stateIsSql } from '../../db/subscription-state-sql';

export interface MemberScope {
  organisationId: number;
  /** Only members whose home gym is one of these; null for the whole organisation. */
  gymIds: number[] | null;
}

/**
 * A list row: the person (users), their membership (organisation_members), and their latest subscription
 * with its price and offering, all null when they have none (left joins).
 */
export type MemberListRow = Pick<
  Row<typeof users>,
  'id' | 'name' | 'email' | 'mobile_number' | 'profile_picture_path'
> &
  Pick<Row<typeof organisationMembers>, 'home_gym_id' | 'tags' | 'created_at' | 'last_visit_at'> &
  LeftJoined<
    SubscriptionStanding &
      Pick<Row<typeof subscriptions>, 'balance_owing'> &
      Pick<Row<typeof prices>, 'billing_frequency'>
  > & {
    home_gym_name: string | null;
    subscription_id: number | null;
    /** The current period's end (or the start) while not cancelled: computed, as text. */
    next_payment_date: CalendarDate | null;
    price_id: number | null;
    price_amount: number | null;
    offering_id: number | null;
    offering_name: string | null;
    total?: number;
  };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const bigintArray = (ids: readonly number[]) => sql.raw(`'{${ids.map(Number).join(',')}}'::bigint[]`);

/** The rule is migration 0033's SQL function, which the kept sort key (below) uses too. */
const nextPaymentSql = sql`subscription_next_payment_date(s.cancelled_at, s.current_period_end, s.start_date)`;

/**
 * The sorts beyond name (whose column depends on where the list starts). The next payment date and balance
 * owing are the latest subscription's, kept on the membership (migration 0033), so their partial indexes
 * on live memberships give the order as for joined and last visit.
 */
const SORTS = {
  joined: sql`m.created_at`,
  last_visit: sql`m.last_visit_at`,
  next_payment: sql`m.next_payment_date`,
  balance_owing: sql`m.balance_owing`,
} as const;

/** The states whose possible members a partial index of the whole-name rows holds (migration 0036). */
const KEPT_INDEXED_STATES: ReadonlySet<string> = new Set(['paused', 'grace', 'cancelled']);

export interface ListContext {
  now: Date;
  today: string;
}

/**
 * Where the list starts. Without a search, from the whole-name rows of member_search_terms (`t`): only
 * live members have one, it carries the home gym, and its index gives the name order, so a page stops
 * after its rows. With a search, from the memberships and users (`m`, `u`), so the users' trigram indexes
 * find the few matches first and only those are joined.
 */
interface Driver {
  from: SQL;
  live: SQL;
  organisation: SQL;
  gym: SQL;
  user: SQL;
  name: SQL;
  /** Joins the driver lacks, for the page; empty when the driver already has them. */
  memberJoin: SQL;
  userJoin: SQL;
}

const BY_NAME: Driver = {
  from: sql`member_search_terms t`,
  live: sql`t.term = t.name`,
  organisation: sql`t.organisation_id`,
  gym: sql`t.home_gym_id`,
  user: sql`t.user_id`,
  name: sql`t.name`,
  memberJoin: sql`join organisation_members m on m.organisation_id = t.organisation_id and m.user_id = t.user_id`,
  userJoin: sql`join users u on u.id = t.user_id`,
};

/**
 * From the memberships (`m`), for the total and for the sorts on the membership's own columns (joined, last
 * visit) or its subscription's: the partial indexes on live memberships give the order, and each is a live
 * member when it has its whole-name row, looked up one by one (a lateral lookup, so the planner never
 * hashes every member's row: it estimated `term = name` at a twenty-eighth of them and then built that hash
 * for every page; issue 27).
 */
const BY_MEMBER: Driver = {
  from: sql`organisation_members m cross join lateral (select 1 from member_search_terms t
    where t.organisation_id = m.organisation_id and t.user_id = m.user_id and t.term = t.name limit 1) t`,
  live: sql`m.deleted_at is null`,
  organisation: sql`m.organisation_id`,
  gym: sql`m.home_gym_id`,
  user: sql`m.user_id`,
  name: sql`u.search_name`,
  memberJoin: sql``,
  userJoin: sql`join users u on u.id = m.user_id`,
};

const BY_USER: Driver = {
  from: sql`organisation_members m join users u on u.id = m.user_id`,
  live: sql`m.deleted_at is null and u.deleted_at is null`,
  organisation: sql`m.organisation_id`,
  gym: sql`m.home_gym_id`,
  user: sql`m.user_id`,
  name: sql`u.search_name`,
  memberJoin: sql``,
  userJoin: sql``,
};

/**
 * The filters as SQL over the driver, `m` (the membership), `u` (the user) and `s`/`p` (the latest
 * subscription and its price), with which of those the filters read, so the count joins only what it
 * needs.
 */
function filtersSql(
  scope: MemberScope,
  filters: MemberFilters,
  context: ListContext,
  from: 'name' | 'member' = 'name',
) {
  const search = filters.search?.trim();
  const d = search ? BY_USER : from === 'member' ? BY_MEMBER : BY_NAME;
  const parts: SQL[] = [sql`${d.organisation} = ${scope.organisationId}`, d.live];
  // `kept`: a filter read the whole-name row's kept columns (so the total cannot be member_counts').
  const needs = { member: false, user: false, subscription: false, price: false, kept: false };
  if (scope.gymIds !== null) parts.push(sql`${d.gym} = any(${bigintArray(scope.gymIds)})`);
  if (search) {
    needs.user = true;
    const pattern = `%${escapeLike(search)}%`;
    // A mobile number is looked for only when the search reads as one (digits, spaces, + ( ) -): the
    // digits inside an email address ('jo.2024@…') must not match every mobile that holds them.
    const digits = search.replace(/\D/g, '');
    const mobile =
      digits.length >= 3 && /^[\d\s()+-]+$/.test(search)
        ? sql` or regexp_replace(coalesce(u.mobile_number, ''), '\\D', '', 'g') like ${`%${digits}%`}`
        : sql``;
    parts.push(
      sql`(u.search_name like search_text(${pattern}) or u.search_email like lower(${pattern})${mobile})`,
    );
  }
  // From the whole-name rows, the state and the balance owing are read on the row itself: it keeps the
  // latest subscription's inputs (migration 0036), and its partial indexes hold, in name order, only the
  // rows that can be in a rare state (paused, grace, cancelled) or owe, so such a page walks those rows
  // instead of every member. The same tests as on the subscription, for the day asked.
  const kept = d === BY_NAME;
  if (filters.state) {
    // The state's tests one by one, which the planner estimates and the partial indexes (on the kept
    // rows, or on subscriptions: in grace, owing) answer.
    if (kept) {
      needs.kept = true;
      parts.push(stateIsSql(filters.state, context.today, searchTermInputs));
    } else {
      needs.subscription = true;
      parts.push(stateIsSql(filters.state, context.today));
    }
  }
  if (filters.gym_id) parts.push(sql`${d.gym} = ${filters.gym_id}`);
  if (filters.offering_id) {
    needs.price = true;
    parts.push(sql`p.offering_id = ${filters.offering_id}`);
  }
  if (filters.price_id) {
    needs.subscription = true;
    parts.push(sql`s.price_id = ${filters.price_id}`);
  }
  if (filters.tag) {
    needs.member = true;
    parts.push(sql`m.tags @> array[${filters.tag}]::text[]`);
  }
  if (filters.owing) {
    if (kept) {
      needs.kept = true;
      parts.push(owingSql(sql`t.balance_owing`));
    } else {
      needs.subscription = true;
      parts.push(owingSql());
    }
  }
  if (filters.cancelled_online) {
    needs.subscription = true;
    // The member's own cancellation: the entry the engine wrote when it cancelled, with them as the actor.
    parts.push(sql`s.cancelled_at is not null and exists (select 1 from activity_log a
      where a.subject_type = 'subscription' and a.subject_id = s.id and a.action = 'subscription.cancelled'
        and a.actor_user_id = s.user_id and a.created_at >= s.cancelled_at)`);
  }
  if (filters.inactive_days) {
    needs.member = true;
    const cutoff = new Date(context.now.getTime() - filters.inactive_days * 86_400_000);
    parts.push(sql`(m.last_visit_at is null or m.last_visit_at < ${cutoff.toISOString()})`);
  }
  if (filters.joined_from) {
    needs.member = true;
    parts.push(sql`m.created_at >= ${startOfDayInstant(filters.joined_from).toISOString()}`);
  }
  if (filters.joined_to) {
    needs.member = true;
    parts.push(sql`m.created_at < ${startOfDayInstant(addDays(filters.joined_to, 1)).toISOString()}`);
  }
  if (needs.price) needs.subscription = true;
  if (needs.subscription) needs.member = true;
  // With no filter but the gym, the total is a sum over member_counts' few rows.
  const gyms = [
    ...(scope.gymIds !== null ? [sql`gym_key = any(${bigintArray(scope.gymIds)})`] : []),
    ...(filters.gym_id ? [sql`gym_key = ${filters.gym_id}`] : []),
  ];
  const counted =
    search || needs.member || needs.kept
      ? null
      : sql`select coalesce(sum(members), 0)::int as total from member_counts
          where ${sql.join([sql`organisation_id = ${scope.organisationId}`, ...gyms], sql` and `)}`;
  return { driver: d, where: sql.join(parts, sql` and `), needs, counted };
}

const select = sql`select u.id::int as id, u.name, u.email, u.mobile_number, u.profile_picture_path,
      m.home_gym_id::int as home_gym_id, hg.name as home_gym_name, m.tags, m.created_at,
      m.last_visit_at,
      s.id::int as subscription_id, s.start_date::text, s.current_period_start::text,
      s.current_period_end::text, s.ends_at::text, s.paused_at, s.cancelled_at,
      s.grace_period_ends_at::text, s.upcoming_state, s.balance_owing, (${nextPaymentSql})::text as next_payment_date,
      p.id::int as price_id, p.amount as price_amount, p.billing_frequency,
      o.id::int as offering_id, o.name as offering_name`;

const subscriptionJoin = sql`left join subscriptions s on s.id = m.latest_subscription_id`;
const priceJoin = sql`left join prices p on p.id = s.price_id`;

const fromOf = (d: Driver) => sql`from ${d.from}
    ${d.memberJoin}
    ${d.userJoin}
    left join gyms hg on hg.id = m.home_gym_id
    ${subscriptionJoin}
    ${priceJoin}
    left join offerings o on o.id = p.offering_id`;

/**
 * One page of the filtered, sorted list and the total of the filtered list (exact with no filter but the
 * gym; otherwise exact up to MEMBER_COUNT_LIMIT, and `capped` past it): two statements, the page
 * read in its sort's index order where it has one (name, joined, last visit) and the count joining only
 * the tables its filters read; one statement when the total is member_counts' (no filter but the gym).
 */
export async function listMembers(
  db: Executor,
  scope: MemberScope,
  filters: MemberFilters,
  context: ListContext,
  page: { limit: number; offset: number },
): Promise<{ rows: MemberListRow[]; total: number; capped: boolean }> {
  const sortReads = filters.sort === 'name' ? null : filters.sort;
  const {
    driver: d,
    where,
    needs,
    counted,
  } = filtersSql(scope, filters, context, sortReads === null ? 'name' : 'member');
  const direction = filters.direction === 'desc' ? sql`desc` : sql`asc`;
  // The total reads the memberships, whatever the page's order, unless a partial index of the whole-name
  // rows holds the matches (a rare state, owing) and the filters read nothing else (a gym aside): those
  // few rows are then counted. A common state (active: 70 % of the members) counts faster from the
  // memberships, which lie together, than from whole-name rows scattered among every search term.
  const byName = filtersSql(scope, filters, context, 'name');
  const indexed = filters.owing || (filters.state !== undefined && KEPT_INDEXED_STATES.has(filters.state));
  const c =
    indexed && byName.driver === BY_NAME && !byName.needs.member && !byName.needs.user
      ? byName
      : filtersSql(scope, filters, context, 'member');
  const countFrom = sql`from ${c.driver.from}
    ${c.needs.member ? c.driver.memberJoin : sql``}
    ${c.needs.user ? c.driver.userJoin : sql``}
    ${c.needs.subscription ? subscriptionJoin : sql``}
    ${c.needs.price ? priceJoin : sql``}`;
  // The page's 25 members are picked first, joining only what the filters and the sort read, and only
  // those 25 are then joined to everything the list shows (a filter matching 30,000 members no longer
  // joins all of them to users, gyms and prices before the sort).
  const pick = { ...needs, member: needs.member || sortReads !== null };
  const pickFrom = sql`from ${d.from}
    ${pick.member ? d.memberJoin : sql``}
    ${pick.user ? d.userJoin : sql``}
    ${pick.subscription ? subscriptionJoin : sql``}
    ${pick.price ? priceJoin : sql``}`;
  const sort = sortReads === null ? d.name : SORTS[sortReads];
  // Only the last visit and the next payment can be null (last, either way); the others are never null,
  // and without 'nulls last' a descending page reads the ascending index backwards (joined, name).
  const nulls = sortReads === 'last_visit' || sortReads === 'next_payment' ? sql` nulls last` : sql``;
  // The first pages run as prepared statements, their limit and offset in the text (queryPage).
  const pageQuery = (extra: SQL) => sql`with page as materialized (
        select ${d.user} as user_id, ${sort} as sort_key ${pickFrom}
        where ${where}
        order by sort_key ${direction}${nulls}, user_id ${direction}
        ${limitOffset(page)})
      ${select}${extra}
      from page
      join organisation_members m on m.organisation_id = ${scope.organisationId} and m.user_id = page.user_id
      join users u on u.id = page.user_id
      left join gyms hg on hg.id = m.home_gym_id
      ${subscriptionJoin}
      ${priceJoin}
      left join offerings o on o.id = p.offering_id
      order by page.sort_key ${direction}${nulls}, page.user_id ${direction}`;
  if (counted) {
    // A total read from member_counts' few rows rides on the page's statement (one round trip, not two);
    // a page past the end has no row to carry it, and asks for it alone.
    const rows = await queryPage<MemberListRow>(
      db,
      'members_page_counted',
      pageQuery(sql`, (${counted}) as total`),
      page,
    );
    if (rows.length > 0) return { rows, total: Number(rows[0]?.total ?? 0), capped: false };
    const [total] = await queryPrepared<{ total: number }>(db, 'members_total', counted);
    return { rows, total: Number(total?.total ?? 0), capped: false };
  }
  // Any other filter counts its matches only up to the limit (the count stops at the limit's first row
  // past it): a filter matching 70,000 members no longer counts all of them for every page.
  const [rows, total] = await Promise.all([
    queryPage<MemberListRow>(db, 'members_page', pageQuery(sql``), page),
    queryPrepared<{ total: number }>(
      db,
      'members_total',
      sql`select count(*)::int as total from (select 1 ${countFrom} where ${c.where}
        ${sql.raw(`limit ${MEMBER_COUNT_LIMIT + 1}`)}) matches`,
    ),
  ]);
  const matches = Number(total[0]?.total ?? 0);
  return { rows, total: Math.min(matches, MEMBER_COUNT_LIMIT), capped: matches > MEMBER_COUNT_LIMIT };
}

/**
 * The export's batches: the filtered list in id order after `afterId`, so each batch is a fresh indexed
 * query and the export never holds more than one batch (keyset paging, constant memory).
 */
export function exportBatch(
  db: Executor,
  scope: MemberScope,
  filters: MemberFilters,
  context: ListContext,
  afterId: number,
  limit: number,
) {
  const { driver: d, where } = filtersSql(scope, filters, context);
  return queryPrepared<MemberListRow>(
    db,
    'members_export',
    sql`${select}
      ${fromOf(d)}
      where ${where} and ${d.user} > ${afterId}
      order by ${d.user}
      ${sql.raw(`limit ${Math.trunc(limit)}`)}`,
  );
}
