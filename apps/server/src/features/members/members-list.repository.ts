// The members list and its export: one query per page (or per export batch), whatever the filters.
// Each member row carries their latest subscription (a lateral lookup on subscriptions_org_user) and
// their last visit (a backward scan of visits_user_visited), so nothing is fetched per row afterwards.

import type { MemberFilters } from '@gym/domain/api/members-requests';
import { addDays, startOfDayInstant } from '@gym/domain/calendar-date';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { stateSql } from '../../db/subscription-state-sql';

export interface MemberScope {
  organisationId: number;
  /** Only members whose home gym is one of these; null for the whole organisation. */
  gymIds: number[] | null;
}

export interface MemberListRow {
  id: number;
  name: string;
  email: string;
  mobile_number: string | null;
  profile_picture_path: string | null;
  home_gym_id: number | null;
  home_gym_name: string | null;
  tags: string[];
  created_at: Date | string;
  last_visit_at: Date | string | null;
  subscription_id: number | null;
  start_date: string | null;
  current_period_start: string | null;
  current_period_end: string | null;
  ends_at: string | null;
  paused_at: Date | string | null;
  cancelled_at: Date | string | null;
  grace_period_ends_at: string | null;
  upcoming_state: string | null;
  balance_owing: number | null;
  next_payment_date: string | null;
  price_id: number | null;
  price_amount: number | null;
  billing_frequency: string | null;
  offering_id: number | null;
  offering_name: string | null;
  total?: number;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const bigintArray = (ids: readonly number[]) => sql.raw(`'{${ids.map(Number).join(',')}}'::bigint[]`);

const nextPaymentSql = sql`case when s.cancelled_at is null then coalesce(s.current_period_end, s.start_date) end`;

const SORTS = {
  name: sql`lower(u.name)`,
  joined: sql`m.created_at`,
  last_visit: sql`lv.visited_at`,
  next_payment: nextPaymentSql,
  balance_owing: sql`coalesce(s.balance_owing, 0)`,
} as const;

export interface ListContext {
  now: Date;
  today: string;
}

function filtersSql(scope: MemberScope, filters: MemberFilters, context: ListContext): SQL {
  const parts: SQL[] = [
    sql`m.organisation_id = ${scope.organisationId}`,
    sql`m.deleted_at is null`,
    sql`u.deleted_at is null`,
  ];
  if (scope.gymIds !== null) parts.push(sql`m.home_gym_id = any(${bigintArray(scope.gymIds)})`);
  const search = filters.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const digits = search.replace(/\D/g, '');
    const mobile =
      digits.length >= 3
        ? sql` or regexp_replace(coalesce(u.mobile_number, ''), '\\D', '', 'g') like ${`%${digits}%`}`
        : sql``;
    parts.push(
      sql`(u.search_name like search_text(${pattern}) or u.search_email like lower(${pattern})${mobile})`,
    );
  }
  if (filters.state) parts.push(sql`(${stateSql(context.today)}) = ${filters.state}`);
  if (filters.gym_id) parts.push(sql`m.home_gym_id = ${filters.gym_id}`);
  if (filters.offering_id) parts.push(sql`p.offering_id = ${filters.offering_id}`);
  if (filters.price_id) parts.push(sql`s.price_id = ${filters.price_id}`);
  if (filters.tag) parts.push(sql`m.tags @> array[${filters.tag}]::text[]`);
  if (filters.owing) parts.push(sql`s.balance_owing > 0`);
  if (filters.inactive_days) {
    const cutoff = new Date(context.now.getTime() - filters.inactive_days * 86_400_000);
    parts.push(sql`(lv.visited_at is null or lv.visited_at < ${cutoff.toISOString()})`);
  }
  if (filters.joined_from)
    parts.push(sql`m.created_at >= ${startOfDayInstant(filters.joined_from).toISOString()}`);
  if (filters.joined_to)
    parts.push(sql`m.created_at < ${startOfDayInstant(addDays(filters.joined_to, 1)).toISOString()}`);
  return sql.join(parts, sql` and `);
}

const select = sql`select u.id::int as id, u.name, u.email, u.mobile_number, u.profile_picture_path,
      m.home_gym_id::int as home_gym_id, hg.name as home_gym_name, m.tags, m.created_at,
      lv.visited_at as last_visit_at,
      s.id::int as subscription_id, s.start_date::text, s.current_period_start::text,
      s.current_period_end::text, s.ends_at::text, s.paused_at, s.cancelled_at,
      s.grace_period_ends_at::text, s.upcoming_state, s.balance_owing, (${nextPaymentSql})::text as next_payment_date,
      p.id::int as price_id, p.amount as price_amount, p.billing_frequency,
      o.id::int as offering_id, o.name as offering_name`;

const from = sql`from organisation_members m
    join users u on u.id = m.user_id
    left join gyms hg on hg.id = m.home_gym_id
    left join lateral (
      select * from subscriptions s0
      where s0.organisation_id = m.organisation_id and s0.user_id = m.user_id
      order by s0.created_at desc, s0.id desc limit 1
    ) s on true
    left join prices p on p.id = s.price_id
    left join offerings o on o.id = p.offering_id
    left join lateral (
      select v.visited_at from visits v
      where v.user_id = m.user_id and v.organisation_id = m.organisation_id and v.successful
      order by v.visited_at desc limit 1
    ) lv on true`;

/** One page of the filtered, sorted list, with the total of the filtered list (one query). */
export async function listMembers(
  db: Executor,
  scope: MemberScope,
  filters: MemberFilters,
  context: ListContext,
  page: { limit: number; offset: number },
): Promise<{ rows: MemberListRow[]; total: number }> {
  const where = filtersSql(scope, filters, context);
  const direction = filters.direction === 'desc' ? sql`desc` : sql`asc`;
  const rows = await queryRows<MemberListRow>(
    db,
    sql`${select}, count(*) over ()::int as total
      ${from}
      where ${where}
      order by ${SORTS[filters.sort]} ${direction} nulls last, u.id ${direction}
      limit ${page.limit} offset ${page.offset}`,
  );
  if (rows.length > 0 || page.offset === 0) return { rows, total: Number(rows[0]?.total ?? 0) };
  // Past the last page: the window count came with no row, so count on its own.
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total ${from} where ${where}`,
  );
  return { rows, total: Number(counted?.total ?? 0) };
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
  return queryRows<MemberListRow>(
    db,
    sql`${select}
      ${from}
      where ${filtersSql(scope, filters, context)} and m.user_id > ${afterId}
      order by m.user_id
      limit ${limit}`,
  );
}
