// The members list and its export: a page and its count (or one export batch) per request, whatever the
// filters. Each member row carries their latest subscription and last visit, kept on the membership row by
// triggers (migration 0009) and joined by key, so nothing is looked up per member, and that subscription's
// next payment date and balance owing, kept beside them as sort keys (migration 0033). Without a search the
// list, in every order, and its total (counted up to MEMBER_COUNT_LIMIT) are read from the whole-name rows
// of member_search_terms (live members only, with their home gym; decision 018), which keep everything a
// filter or a sort reads: the latest subscription's state inputs, balance owing and price (migrations 0036
// and 0041) and the membership's joined instant, last visit, tags and next payment date (0041). Their
// partial indexes hold those rows in each order with the state's inputs beside them, and one holds them
// with every filter's column, so a total is an index-only scan that stops at the limit.

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
 * The sorts beyond name (whose column depends on where the list starts). From the whole-name rows, their
 * kept copies (migration 0041), whose partial indexes give the order with the state's inputs beside each
 * row; with a search, the membership's own columns (the next payment date and balance owing kept there
 * from the latest subscription, migration 0033) for the few matches.
 */
const SORTS = {
  joined: { kept: sql`t.joined_at`, member: sql`m.created_at` },
  last_visit: { kept: sql`t.last_visit_at`, member: sql`m.last_visit_at` },
  next_payment: { kept: sql`t.next_payment_date`, member: sql`m.next_payment_date` },
  // The row keeps null without a subscription; the order (and its index) takes that as 0, as on the
  // membership.
  balance_owing: { kept: sql`coalesce(t.balance_owing, 0)`, member: sql`m.balance_owing` },
} as const;

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
  // The whole-name rows: only they have joined_at (migration 0041), which the planner estimates from its
  // statistics where it guessed 'term = name' at 0.5 % of the table.
  live: sql`t.joined_at is not null`,
  organisation: sql`t.organisation_id`,
  gym: sql`t.home_gym_id`,
  user: sql`t.user_id`,
  name: sql`t.name`,
  memberJoin: sql`join organisation_members m on m.organisation_id = t.organisation_id and m.user_id = t.user_id`,
  userJoin: sql`join users u on u.id = t.user_id`,
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
function filtersSql(scope: MemberScope, filters: MemberFilters, context: ListContext) {
  const search = filters.search?.trim();
  const d = search ? BY_USER : BY_NAME;
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
  // From the whole-name rows, the price, tags, last visit and joined instant are the row's kept copies
  // (migration 0041), so neither the page nor the total joins the membership or its subscription.
  if (filters.offering_id) {
    if (kept) {
      needs.kept = true;
      parts.push(
        sql`t.price_id in (select op.id from prices op where op.offering_id = ${filters.offering_id})`,
      );
    } else {
      needs.price = true;
      parts.push(sql`p.offering_id = ${filters.offering_id}`);
    }
  }
  if (filters.price_id) {
    if (kept) {
      needs.kept = true;
      parts.push(sql`t.price_id = ${filters.price_id}`);
    } else {
      needs.subscription = true;
      parts.push(sql`s.price_id = ${filters.price_id}`);
    }
  }
  const member = kept ? sql`t` : sql`m`;
  const joinedAt = kept ? sql`t.joined_at` : sql`m.created_at`;
  const onMember = () => {
    if (kept) needs.kept = true;
    else needs.member = true;
  };
  if (filters.tag) {
    onMember();
    parts.push(sql`${member}.tags @> array[${filters.tag}]::text[]`);
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
    onMember();
    const cutoff = new Date(context.now.getTime() - filters.inactive_days * 86_400_000);
    parts.push(sql`(${member}.last_visit_at is null or ${member}.last_visit_at < ${cutoff.toISOString()})`);
  }
  if (filters.joined_from) {
    onMember();
    parts.push(sql`${joinedAt} >= ${startOfDayInstant(filters.joined_from).toISOString()}`);
  }
  if (filters.joined_to) {
    onMember();
    parts.push(sql`${joinedAt} < ${startOfDayInstant(addDays(filters.joined_to, 1)).toISOString()}`);
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
  // A tag alone (a gym aside): its matches are a range of member_tags' key (migration 0041), counted there
  // instead of among every whole-name row.
  const onlyTag =
    kept &&
    filters.tag !== undefined &&
    !filters.state &&
    !filters.offering_id &&
    !filters.price_id &&
    !filters.owing &&
    !filters.cancelled_online &&
    !filters.inactive_days &&
    !filters.joined_from &&
    !filters.joined_to;
  const tagMatches = onlyTag
    ? sql`select 1 from member_tags g where ${sql.join(
        [
          sql`g.organisation_id = ${scope.organisationId}`,
          sql`g.tag = ${filters.tag}`,
          ...(scope.gymIds !== null ? [sql`g.home_gym_id = any(${bigintArray(scope.gymIds)})`] : []),
          ...(filters.gym_id ? [sql`g.home_gym_id = ${filters.gym_id}`] : []),
        ],
        sql` and `,
      )}`
    : null;
  return { driver: d, where: sql.join(parts, sql` and `), needs, counted, tagMatches };
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
  const { driver: d, where, needs, counted, tagMatches } = filtersSql(scope, filters, context);
  const direction = filters.direction === 'desc' ? sql`desc` : sql`asc`;
  // The total reads the same rows as the page: without a search the whole-name rows, which keep every
  // column a filter reads (migrations 0036 and 0041) and whose partial indexes carry those columns, so the
  // count is an index-only scan of the organisation's rows (a rare state's or owing's own index for those)
  // that stops at the limit; with a search its few matches, found by the users' trigram indexes.
  // The page's 25 members are picked first, joining only what the filters read, and only those 25 are
  // then joined to everything the list shows (a filter matching 30,000 members no longer joins all of
  // them to users, gyms and prices before the sort). The total counts from the same rows and joins.
  const from = sql`from ${d.from}
    ${needs.member ? d.memberJoin : sql``}
    ${needs.user ? d.userJoin : sql``}
    ${needs.subscription ? subscriptionJoin : sql``}
    ${needs.price ? priceJoin : sql``}`;
  const sort = sortReads === null ? d.name : SORTS[sortReads][d === BY_NAME ? 'kept' : 'member'];
  // Only the last visit and the next payment can be null (last, either way); the others are never null,
  // and without 'nulls last' a descending page reads the ascending index backwards (joined, name).
  const nulls = sortReads === 'last_visit' || sortReads === 'next_payment' ? sql` nulls last` : sql``;
  // The first pages run as prepared statements, their limit and offset in the text (queryPage).
  const pageQuery = (extra: SQL) => sql`with page as materialized (
        select ${d.user} as user_id, ${sort} as sort_key ${from}
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
      sql`select count(*)::int as total from (${tagMatches ?? sql`select 1 ${from} where ${where}`}
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
