// The at-risk report's kept lists (migration 0034, decision 019's addendum): the day's list of an
// organisation, worked out once by the report's own query (atRiskSteps, written from AT_RISK_RULES) with
// the snapshot it was worked out in. A read takes the kept rows of the members whose facts did not change
// since that snapshot and works out the others again with the same query, so it answers what the query
// run now would (at-risk-kept.test.ts checks that day by day). Each statement that writes a list or
// forgets changes is one statement (one snapshot for its reads, its rows and the snapshot it records),
// and goes ahead only while it holds the organisation's keeper row at the version it read.
import { type AtRiskWindow, atRiskWindow } from '@gym/domain/at-risk';
import { addDays, type CalendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { idList } from '../../db/id-list';
import {
  type AtRiskRow,
  type AtRiskScope,
  atRiskGymSteps,
  atRiskSteps,
  type FollowUpCounts,
  followUpCounts,
  pageOfRanked,
  stayedNow,
} from './at-risk.repository';

const dateList = (days: readonly CalendarDate[]) => `{${days.join(',')}}`;

/**
 * `list` (the kept list of the day, if any) and `dirty`: the members of the changes since its snapshot
 * that can move that day's list.
 */
function keptSteps(organisationId: number, day: CalendarDate) {
  return sql`list as (
          select l.snapshot, l.members, l.stayed from at_risk_lists l
          where l.organisation_id = ${organisationId} and l.day = ${day}::date
        ),
        dirty as materialized (
          select distinct c.user_id from at_risk_changes c cross join list l
          where c.organisation_id = ${organisationId} and c.xid >= pg_snapshot_xmin(l.snapshot)
            and c.from_day <= ${day}::date and c.to_day >= ${day}::date
            and not pg_visible_in_snapshot(c.xid, l.snapshot)
        )`;
}

const dirtyUsers = sql`select d.user_id from dirty d`;

/** The kept rows of the day in scope: at the gym of the member's latest live membership in scope. */
function keptInScope(scope: AtRiskScope, day: CalendarDate) {
  if (scope.gymIds === null) return sql`r.latest`;
  const gyms = idList(scope.gymIds);
  return sql`r.gym_id in ${gyms} and not exists (
            select 1 from at_risk_list_rows o
            where o.organisation_id = ${scope.organisationId} and o.day = ${day}::date and o.user_id = r.user_id
              and o.gym_id in ${gyms}
              and (o.subscription_start, o.subscription_id) > (r.subscription_start, r.subscription_id))`;
}

/** Whether the day's list is kept, and how many members changed since (for each day asked). */
export function keptListStates(db: Executor, organisationId: number, days: readonly CalendarDate[]) {
  return queryRows<{ day: string; kept: boolean; dirty: number }>(
    db,
    sql`select d.day::text as day, l.day is not null as kept,
          coalesce((select count(distinct c.user_id) from at_risk_changes c
            where c.organisation_id = ${organisationId} and c.xid >= pg_snapshot_xmin(l.snapshot)
              and c.from_day <= d.day and c.to_day >= d.day and not pg_visible_in_snapshot(c.xid, l.snapshot)), 0)::int as dirty
        from unnest(${dateList(days)}::date[]) as d(day)
        left join at_risk_lists l on l.organisation_id = ${organisationId} and l.day = d.day`,
  );
}

/** The organisation's keeper row, made once. */
export async function ensureKeeper(db: Executor, organisationId: number) {
  await queryRows(
    db,
    sql`insert into at_risk_keepers (organisation_id) values (${organisationId}) on conflict do nothing`,
  );
}

/**
 * `keeper`: the organisation's keeper row moved on, only if it still holds the version this statement's
 * snapshot reads (a statement whose snapshot predates another's commit does nothing) and only outside a
 * transaction that has written already (a list kept there would take that transaction's later changes
 * for seen).
 */
const keeperStep = (organisationId: number) => sql`keeper as (
          update at_risk_keepers k set version = k.version + 1
          where k.organisation_id = ${organisationId}
            and k.version = (select v.version from at_risk_keepers v where v.organisation_id = ${organisationId})
            and pg_current_xact_id_if_assigned() is null
          returning k.version
        )`;

/**
 * The changes every kept list (those of `others`, and the one this statement writes, which sees all it
 * sees) has seen: forgotten.
 */
const pruneStep = (organisationId: number, others: SQL) => sql`pruned as (
          delete from at_risk_changes c
          where c.organisation_id = ${organisationId} and exists (select 1 from keeper)
            and not exists (
              select 1 from at_risk_lists l
              where l.organisation_id = ${organisationId} and ${others}
                and l.day >= c.from_day and l.day <= c.to_day and not pg_visible_in_snapshot(c.xid, l.snapshot))
        )`;

const LIST_COLUMNS = sql.raw(
  'user_id, gym_id, subscription_start, subscription_id, latest, sort_name, baseline_visits, recent_visits, paused_on, failed_on, failed_amount, failed_paid, stayed',
);

/**
 * Keeps the organisation's list of `day`, worked out whole, and forgets its lists of days other than
 * `keepDays` (`day` among them). False when another statement of the organisation's lists went first.
 */
export async function keepList(
  db: Executor,
  organisationId: number,
  day: CalendarDate,
  keepDays: readonly CalendarDate[],
): Promise<boolean> {
  const window = atRiskWindow(day);
  const [row] = await queryRows<{ locked: number }>(
    db,
    sql`with ${keeperStep(organisationId)},
        gone as (
          delete from at_risk_lists l
          where l.organisation_id = ${organisationId} and l.day <> all(${dateList(keepDays)}::date[])
            and exists (select 1 from keeper)
        ),
        ${atRiskSteps({ organisationId, gymIds: null }, window)},
        ${atRiskGymSteps(organisationId, window)},
        list as (
          insert into at_risk_lists (organisation_id, day, snapshot, members, stayed)
          select ${organisationId}, ${day}::date, pg_current_snapshot(), f.members, f.stayed
          from (select count(*)::int as members, (count(*) filter (where k.stayed))::int as stayed
                from listed k where k.latest) f
          where exists (select 1 from keeper)
          on conflict do nothing
          returning day
        ),
        rows as (
          insert into at_risk_list_rows (organisation_id, day, ${LIST_COLUMNS})
          select ${organisationId}, ${day}::date, ${LIST_COLUMNS} from listed where exists (select 1 from list)
        ),
        ${pruneStep(organisationId, sql`l.day = any(${dateList(keepDays)}::date[])`)}
        select (select count(*) from keeper)::int as locked`,
  );
  return (row?.locked ?? 0) > 0;
}

/**
 * Puts the kept list of `day` right for the members changed since its snapshot (worked out again with
 * the report's query) and moves its snapshot to this statement's. False when another statement of the
 * organisation's lists went first.
 */
export async function foldList(db: Executor, organisationId: number, day: CalendarDate): Promise<boolean> {
  const window = atRiskWindow(day);
  const [row] = await queryRows<{ locked: number }>(
    db,
    sql`with ${keeperStep(organisationId)},
        ${keptSteps(organisationId, day)},
        ${atRiskSteps({ organisationId, gymIds: null }, window, dirtyUsers)},
        ${atRiskGymSteps(organisationId, window)},
        gone_rows as (
          select r.stayed from at_risk_list_rows r
          where r.organisation_id = ${organisationId} and r.day = ${day}::date and r.latest
            and r.user_id in (${dirtyUsers})
        ),
        upserted as (
          insert into at_risk_list_rows (organisation_id, day, ${LIST_COLUMNS})
          select ${organisationId}, ${day}::date, ${LIST_COLUMNS} from listed
          where exists (select 1 from keeper) and exists (select 1 from list)
          on conflict (organisation_id, day, user_id, gym_id) do update set
            subscription_start = excluded.subscription_start, subscription_id = excluded.subscription_id,
            latest = excluded.latest, sort_name = excluded.sort_name, baseline_visits = excluded.baseline_visits,
            recent_visits = excluded.recent_visits, paused_on = excluded.paused_on, failed_on = excluded.failed_on,
            failed_amount = excluded.failed_amount, failed_paid = excluded.failed_paid, stayed = excluded.stayed
        ),
        removed as (
          delete from at_risk_list_rows r
          where r.organisation_id = ${organisationId} and r.day = ${day}::date and exists (select 1 from keeper)
            and r.user_id in (${dirtyUsers})
            and not exists (select 1 from listed k where k.user_id = r.user_id and k.gym_id = r.gym_id)
        ),
        moved as (
          -- The kept figures: the changed members' kept rows out (this statement's snapshot reads them
          -- before its own writes), their rows worked out again in.
          update at_risk_lists l set snapshot = pg_current_snapshot(),
            members = l.members - (select count(*) from gone_rows) + (select count(*) from listed k where k.latest),
            stayed = l.stayed - (select count(*) filter (where g.stayed) from gone_rows g)
              + (select count(*) filter (where k.stayed) from listed k where k.latest)
          where l.organisation_id = ${organisationId} and l.day = ${day}::date and exists (select 1 from keeper)
        ),
        ${pruneStep(organisationId, sql`l.day <> ${day}::date`)}
        select (select count(*) from keeper)::int as locked`,
  );
  return (row?.locked ?? 0) > 0;
}

/**
 * The kept rows in scope of the members not changed since the list's snapshot (a query, the columns of
 * `both_sides`), from the index in name order when ordered.
 */
function keptSide(scope: AtRiskScope, day: CalendarDate) {
  return sql`select r.user_id, r.gym_id, r.baseline_visits, r.recent_visits, r.paused_on::text as paused_on,
            r.failed_on::text as failed_on, r.failed_amount, r.failed_paid, r.sort_name, r.stayed
          from at_risk_list_rows r
          where r.organisation_id = ${scope.organisationId} and r.day = ${day}::date and ${keptInScope(scope, day)}
            and r.user_id not in (${dirtyUsers})`;
}

/** The changed members at risk, worked out again (`risky`), as `keptSide`'s columns. */
const correctedSide = (organisationId: number) =>
  sql`select k.user_id, k.gym_id, k.baseline_visits, k.recent_visits, k.paused_on, k.failed_on,
            k.failed_amount, k.failed_paid, lower(u.name) as sort_name, ${stayedNow(organisationId, sql`k.user_id`)} as stayed
          from risky k join users u on u.id = k.user_id`;

/**
 * `both_sides`: the kept rows in scope of members not changed since the list's snapshot, and the changed
 * ones worked out again (the day's list read now); `list` is empty when the day's list is not kept.
 */
export function keptAndCorrected(scope: AtRiskScope, window: AtRiskWindow) {
  const day = window.through;
  return sql`${keptSteps(scope.organisationId, day)},
        ${atRiskSteps(scope, window, dirtyUsers)},
        both_sides as not materialized (
          ${keptSide(scope, day)}
          union all
          ${correctedSide(scope.organisationId)}
        )`;
}

/**
 * How many members the list of the whole organisation holds now: its kept count, less the changed
 * members' kept rows, plus those of them at risk now (`risky`); not a count of its rows.
 */
function keptTotal(organisationId: number, day: CalendarDate, column: 'members' | 'stayed') {
  const counted = column === 'stayed' ? sql`count(*) filter (where r.stayed)` : sql`count(*)`;
  const risky =
    column === 'stayed'
      ? sql`count(*) filter (where ${stayedNow(organisationId, sql`k.user_id`)})`
      : sql`count(*)`;
  return sql`((select l.${sql.raw(column)} from list l)
          - (select ${counted} from at_risk_list_rows r
             where r.organisation_id = ${organisationId} and r.day = ${day}::date and r.latest
               and r.user_id in (${dirtyUsers}))
          + (select ${risky} from risky k))::int`;
}

/**
 * The members at risk in `window` from its day's kept list (a page of them with `page`, else all), the
 * same rows `atRiskMembers` answers; null when the day's list is not kept.
 */
export async function keptAtRiskMembers(
  db: Executor,
  scope: AtRiskScope,
  window: AtRiskWindow,
  page: { limit: number; offset: number } | null,
): Promise<AtRiskRow[] | null> {
  const day = window.through;
  const offset = page ? Math.trunc(page.offset) : 0;
  // A page: the first offset + limit of each side in name order (the kept side walks its index, whatever
  // the planner's statistics of the day's rows), merged, then the page of those.
  const ordered = page
    ? sql`select b.* from (
            (${keptSide(scope, day)} order by sort_name, user_id limit ${sql.raw(String(offset + Math.trunc(page.limit)))})
            union all
            (${correctedSide(scope.organisationId)} order by sort_name, user_id limit ${sql.raw(String(offset + Math.trunc(page.limit)))})
          ) b order by b.sort_name, b.user_id ${sql.raw(`limit ${Math.trunc(page.limit)} offset ${offset}`)}`
    : sql`select b.* from both_sides b order by b.sort_name, b.user_id`;
  const total =
    scope.gymIds === null
      ? keptTotal(scope.organisationId, day, 'members')
      : sql`(select count(*) from both_sides)::int`;
  const rows = await queryRows<AtRiskRow & { kept: boolean }>(
    db,
    sql`with ${keptAndCorrected(scope, window)},
        -- The page walks the kept rows in name order (their index) beside the few worked out again,
        -- and only its rows then read their name, email, gym and contact; the total is the list's kept
        -- count put right for the changed members (the whole organisation's), else counted.
        numbered as materialized (
          select k.*, ${sql.raw(String(offset))} + (row_number() over (order by k.sort_name, k.user_id))::int as position
          from (${ordered}) k
        ),
        ranked as (
          select k.user_id, k.gym_id, k.baseline_visits, k.recent_visits, k.paused_on, k.failed_on,
            k.failed_amount, k.failed_paid, u.name as user_name, u.email as user_email,
            ${total} as total, k.position
          from numbered k join users u on u.id = k.user_id
        ),
        page as (${pageOfRanked(scope.organisationId, window)})
        select h.kept, p.* from (select exists (select 1 from list) as kept) h
        left join page p on true
        order by p.position`,
  );
  if (!rows[0]?.kept) return null;
  return rows.filter((row) => row.user_id !== null).map(({ kept: _kept, ...row }) => row);
}

/** Who was at risk in `window`, from its day's kept list (as `atRiskUserIds`); null when not kept. */
export async function keptAtRiskUserIds(
  db: Executor,
  scope: AtRiskScope,
  window: AtRiskWindow,
): Promise<number[] | null> {
  const rows = await queryRows<{ kept: boolean; user_id: number | null }>(
    db,
    sql`with ${keptAndCorrected(scope, window)}
        select h.kept, k.user_id::int from (select exists (select 1 from list) as kept) h
        left join both_sides k on true
        order by k.user_id`,
  );
  if (!rows[0]?.kept) return null;
  return rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id]));
}

/**
 * The follow-up's figures with those at risk on `window`'s day read from that day's kept list (as
 * `recomputedFollowUpCounts` counts them); null when the list is not kept. The whole organisation's
 * are the list's kept figures put right: for the members changed since its snapshot, and less those at
 * risk then who were contacted by then (few); a gym's count the kept rows with their kept "stayed".
 */
export async function keptFollowUpCounts(
  db: Executor,
  scope: AtRiskScope,
  window: AtRiskWindow,
  period: { contactsFrom: CalendarDate; asOf: CalendarDate },
): Promise<FollowUpCounts | null> {
  const counts =
    scope.gymIds === null
      ? await keptOrganisationFollowUpCounts(db, scope.organisationId, window, period)
      : await followUpCounts(db, scope, {
          steps: keptAndCorrected(scope, window),
          atRiskThen: sql`select b.user_id, b.stayed from both_sides b`,
          kept: sql`exists (select 1 from list)`,
          ...period,
        });
  return counts[0]?.kept ? counts : null;
}

function keptOrganisationFollowUpCounts(
  db: Executor,
  organisationId: number,
  window: AtRiskWindow,
  period: { contactsFrom: CalendarDate; asOf: CalendarDate },
): Promise<FollowUpCounts> {
  const scope = { organisationId, gymIds: null };
  const end = startOfDayInstant(addDays(period.asOf, 1)).toISOString();
  const from = startOfDayInstant(period.contactsFrom).toISOString();
  return queryRows(
    db,
    sql`with ${keptAndCorrected(scope, window)},
        contacted as (
          select distinct x.user_id from at_risk_contacts x
          where x.organisation_id = ${organisationId} and x.contacted_at >= ${from} and x.contacted_at < ${end}
            and exists (select 1 from subscriptions s where s.organisation_id = ${organisationId} and s.user_id = x.user_id)
        ),
        -- Those at risk then whom somebody had contacted by then: not in the "not contacted" group. Looked
        -- up for each contacted member (few), never by reading the list.
        contacted_then as (
          select b.stayed
          from (select distinct x.user_id from at_risk_contacts x
                where x.organisation_id = ${organisationId} and x.contacted_at < ${end}) c
          cross join lateral (
            select r.stayed from at_risk_list_rows r
            where r.organisation_id = ${organisationId} and r.day = ${window.through}::date and r.user_id = c.user_id
              and r.latest and r.user_id not in (${dirtyUsers})
            union all
            select ${stayedNow(organisationId, sql`k.user_id`)} from risky k where k.user_id = c.user_id
          ) b
        ),
        figures as (
          select true as contacted, count(*)::int as members,
            (count(*) filter (where ${stayedNow(organisationId, sql`c.user_id`)}))::int as stayed
          from contacted c
          union all
          select false, ${keptTotal(organisationId, window.through, 'members')} - (select count(*) from contacted_then)::int,
            ${keptTotal(organisationId, window.through, 'stayed')}
              - (select count(*) filter (where t.stayed) from contacted_then t)::int
          where exists (select 1 from list)
        ),
        grouped as (select f.* from figures f where f.members > 0)
        select exists (select 1 from list) as kept, g.contacted, g.members, g.stayed
        from (select 1) h left join grouped g on true`,
  );
}

/** Every organisation, for the daily keeping of their lists (the worker's, not a request's). */
export async function organisationIds(db: Executor): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select o.id::int as id from organisations o order by o.id`,
  );
  return rows.map((row) => row.id);
}
