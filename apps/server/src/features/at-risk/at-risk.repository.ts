// The at-risk report's SQL: each member with a live membership and what they did in the window (days
// visited, from member_visit_weeks, migration 0032; the latest pause started and payment failed, from the
// lifecycle's recorded transitions and charges), kept when the domain's thresholds (AT_RISK_RULES) say
// they are at risk; and the contacts.
import { AT_RISK_RULES, type AtRiskWindow } from '@gym/domain/at-risk';
import { addDays, type CalendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { idList } from '../../db/id-list';
import { atRiskContacts } from '../../db/schema/index';

export interface AtRiskScope {
  organisationId: number;
  /** null: every gym of the organisation. */
  gymIds: number[] | null;
}

export interface AtRiskRow {
  user_id: number;
  user_name: string;
  user_email: string;
  gym_id: number;
  gym_name: string;
  baseline_visits: number;
  recent_visits: number;
  paused_on: string | null;
  failed_on: string | null;
  failed_amount: number | null;
  failed_paid: boolean | null;
  contact_id: number | null;
  contacted_at: Date | string | null;
  contact_note: string | null;
  contacted_by_id: number | null;
  contacted_by_name: string | null;
  total: number;
  /** 1-based place in the list: the next page's offset (the export's cursor). */
  position: number;
}

const at = (date: CalendarDate) => startOfDayInstant(date).toISOString();
const aucklandDay = (column: ReturnType<typeof sql.raw>) =>
  sql`((${column}) at time zone 'Pacific/Auckland')::date`;

/** A membership live on `window.through` (the list's day) in scope: one statement of it, for each use. */
function liveSubscription(scope: AtRiskScope, window: AtRiskWindow) {
  const end = at(addDays(window.through, 1));
  const gyms = scope.gymIds === null ? sql`` : sql`and s.gym_id in ${idList(scope.gymIds)}`;
  return sql`s.organisation_id = ${scope.organisationId} and not s.is_staging
            and s.start_date <= ${window.through}
            and (s.cancelled_at is null or s.cancelled_at >= ${end}) ${gyms}`;
}

/**
 * The query's steps up to `risky` (common table expressions, without `with`): each member with a live
 * membership in scope (read at the latest one's gym), what they did in `window`, kept when AT_RISK_RULES
 * say they are at risk. `users` (a query of user ids) limits it to those members: the kept list's
 * corrections (at-risk-kept.repository.ts) work out only the members whose facts changed.
 */
export function atRiskSteps(scope: AtRiskScope, window: AtRiskWindow, users?: SQL) {
  const r = AT_RISK_RULES;
  const recent = at(window.recentFrom);
  const end = at(addDays(window.through, 1));
  const baselineLast = addDays(window.recentFrom, -1);
  // A week (its Monday) holds a day of the window when it starts after the week before its first day.
  const firstWeekAfter = addDays(window.baselineFrom, -7);
  const liveUsers = users ? sql`and s.user_id in (${users})` : sql``;
  const seenUsers = users ? sql`and w.user_id in (${users})` : sql``;
  return sql`live as (
          select distinct on (s.user_id) s.id as subscription_id, s.user_id, s.gym_id
          from subscriptions s
          where ${liveSubscription(scope, window)} ${liveUsers}
          order by s.user_id, s.start_date desc, s.id desc
        ),
        seen as (
          select w.user_id,
            sum(visit_days_between(w.days, w.week, ${window.baselineFrom}::date, ${baselineLast}::date))::int as baseline,
            sum(visit_days_between(w.days, w.week, ${window.recentFrom}::date, ${window.through}::date))::int as recent
          from member_visit_weeks w
          where w.organisation_id = ${scope.organisationId}
            and w.week > ${firstWeekAfter}::date and w.week <= ${window.through}::date ${seenUsers}
          group by w.user_id
        ),
        paused as (
          select a.user_id, max(${aucklandDay(sql.raw('a.created_at'))})::text as paused_on
          from activity_log a join live l on l.user_id = a.user_id
          where a.organisation_id = ${scope.organisationId} and a.action = 'subscription.pause_started'
            and a.created_at >= ${recent} and a.created_at < ${end}
          group by a.user_id
        ),
        failed as (
          select distinct on (l.user_id) l.user_id,
            ${aucklandDay(sql.raw('c.first_failed_at'))}::text as failed_on,
            (c.amount + c.surcharge)::int as failed_amount,
            (c.status = 'paid' and c.paid_at < ${end}) as failed_paid
          from charges c join subscriptions s on s.id = c.subscription_id join live l on l.user_id = s.user_id
          where c.organisation_id = ${scope.organisationId} and s.organisation_id = ${scope.organisationId}
            and c.first_failed_at >= ${recent} and c.first_failed_at < ${end}
          order by l.user_id, c.first_failed_at desc, c.id desc
        ),
        -- Materialised: worked out once for every live member (hash joins), before any name is read.
        risky as materialized (
          select l.user_id, l.gym_id, coalesce(v.baseline, 0) as baseline_visits,
            coalesce(v.recent, 0) as recent_visits, p.paused_on, f.failed_on, f.failed_amount, f.failed_paid
          from live l
          left join seen v on v.user_id = l.user_id
          left join paused p on p.user_id = l.user_id
          left join failed f on f.user_id = l.user_id
          where p.paused_on is not null or f.failed_on is not null
            or (coalesce(v.baseline, 0) >= ${r.MIN_BASELINE_VISITS}
                and coalesce(v.recent, 0) * ${r.BASELINE_DAYS * r.FALL_DENOMINATOR}
                    <= coalesce(v.baseline, 0) * ${r.RECENT_DAYS * r.FALL_NUMERATOR})
        )`;
}

/**
 * The follow-up's "stayed" of the member `user` (an SQL expression): they hold a membership of the
 * organisation now that is not cancelled and not staging (any gym, any start). One fragment for the
 * recomputing count, the kept list's rows (at-risk-kept.repository.ts) and their corrections.
 */
export const stayedNow = (organisationId: number, user: SQL) =>
  sql`exists (select 1 from subscriptions s where s.organisation_id = ${organisationId}
                      and s.user_id = ${user} and not s.is_staging and s.cancelled_at is null)`;

/**
 * After `atRiskSteps` for the whole organisation: `listed`, the kept list's rows of the members at risk,
 * one per gym where they hold a live membership (the latest there), `latest` on the gym of their latest
 * of all (the gym `risky` reads them at), with their name's sort key.
 */
export function atRiskGymSteps(organisationId: number, window: AtRiskWindow) {
  return sql`gyms_live as (
          select distinct on (s.user_id, s.gym_id) s.user_id, s.gym_id, s.start_date, s.id
          from subscriptions s
          where ${liveSubscription({ organisationId, gymIds: null }, window)}
            and s.user_id in (select k.user_id from risky k)
          order by s.user_id, s.gym_id, s.start_date desc, s.id desc
        ),
        listed as (
          select g.user_id, g.gym_id, g.start_date as subscription_start, g.id as subscription_id,
            g.gym_id = k.gym_id as latest, lower(u.name) as sort_name, k.baseline_visits, k.recent_visits,
            k.paused_on::date as paused_on, k.failed_on::date as failed_on, k.failed_amount, k.failed_paid,
            ${stayedNow(organisationId, sql`g.user_id`)} as stayed
          from gyms_live g join risky k on k.user_id = g.user_id join users u on u.id = g.user_id
        )`;
}

/**
 * The page's rows from `ranked` (a page of the members at risk in name order, with their name, email,
 * total and position): their gym's name and their latest contact by the list's day.
 */
export function pageOfRanked(organisationId: number, window: AtRiskWindow) {
  const end = at(addDays(window.through, 1));
  return sql`select k.user_id::int, k.user_name, k.user_email, k.gym_id::int, g.name as gym_name,
          k.baseline_visits, k.recent_visits, k.paused_on, k.failed_on, k.failed_amount, k.failed_paid,
          c.id::int as contact_id, c.contacted_at, c.note as contact_note, c.contacted_by::int as contacted_by_id,
          b.name as contacted_by_name, k.total, k.position
        from ranked k
        join gyms g on g.id = k.gym_id
        left join lateral (
          select x.id, x.contacted_at, x.note, x.contacted_by from at_risk_contacts x
          where x.organisation_id = ${organisationId} and x.user_id = k.user_id and x.contacted_at < ${end}
          order by x.contacted_at desc, x.id desc limit 1
        ) c on true
        left join users b on b.id = c.contacted_by`;
}

/**
 * Who was at risk in `window`, worked out from the base tables (the reference the kept list,
 * at-risk-kept.repository.ts, equals; and the answer where no list is kept).
 */
export async function atRiskUserIds(db: Executor, scope: AtRiskScope, window: AtRiskWindow) {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`with ${atRiskSteps(scope, window)}
        select k.user_id::int from risky k order by k.user_id`,
  );
  return rows.map((row) => row.user_id);
}

/**
 * The members at risk in `window`, by name: one query (a page of them with `page`, else all), worked out
 * from the base tables (the reference the kept list equals; the answer where no list is kept). A member
 * with more than one live membership is read at the latest one's gym.
 */
export function atRiskMembers(
  db: Executor,
  scope: AtRiskScope,
  window: AtRiskWindow,
  page: { limit: number; offset: number } | null,
): Promise<AtRiskRow[]> {
  return queryRows<AtRiskRow>(
    db,
    sql`with ${atRiskSteps(scope, window)},
        -- The page (or all) in name order, with the total; only its rows then read their gym and contact.
        ranked as materialized (
          select k.*, u.name as user_name, u.email as user_email, (count(*) over ())::int as total,
            (row_number() over (order by lower(u.name), k.user_id))::int as position
          from risky k join users u on u.id = k.user_id
          order by position
          ${page ? sql.raw(`limit ${Math.trunc(page.limit)} offset ${Math.trunc(page.offset)}`) : sql``}
        )
        ${pageOfRanked(scope.organisationId, window)}
        order by k.position`,
  );
}

/** Whether the member holds (or held) a membership of the organisation at one of the gyms in scope. */
export async function memberInScope(db: Executor, scope: AtRiskScope, userId: number): Promise<boolean> {
  const gyms = scope.gymIds === null ? sql`` : sql`and s.gym_id in ${idList(scope.gymIds)}`;
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from subscriptions s
        where s.organisation_id = ${scope.organisationId} and s.user_id = ${userId} ${gyms} limit 1`,
  );
  return rows.length > 0;
}

/** Whether the member belongs to the organisation at all (another's members answer 404). */
export async function memberOfOrganisation(db: Executor, organisationId: number, userId: number) {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from organisation_members m
        where m.organisation_id = ${organisationId} and m.user_id = ${userId}
        union all
        select 1 from subscriptions s where s.organisation_id = ${organisationId} and s.user_id = ${userId}
        limit 1`,
  );
  return rows.length > 0;
}

export async function insertContact(
  db: Executor,
  input: { organisationId: number; userId: number; contactedBy: number; note: string; at: Date },
) {
  const [row] = await db
    .insert(atRiskContacts)
    .values({
      organisationId: input.organisationId,
      userId: input.userId,
      contactedBy: input.contactedBy,
      note: input.note,
      contactedAt: input.at,
    })
    .returning();
  return row!;
}

/**
 * The follow-up's figures: of those at risk on the day (`atRiskThen`, a query of their ids and whether
 * they stayed, if known, else null, after the common table expressions `steps`, the kept list's or the
 * recomputing query's), how many had not been
 * contacted by then; of those contacted from `contactsFrom` to `asOf`, how many; and of each, how many
 * still hold a live membership now. Counted in the statement: the ids never leave the database. `kept`
 * (an expression over `steps`) says whether the day's list was there to read (a row of nulls when no
 * group has anyone).
 */
export type FollowUpCounts = {
  kept: boolean;
  contacted: boolean | null;
  members: number | null;
  stayed: number | null;
}[];

export function followUpCounts(
  db: Executor,
  scope: AtRiskScope,
  input: { steps: SQL; atRiskThen: SQL; kept: SQL; contactsFrom: CalendarDate; asOf: CalendarDate },
) {
  const end = at(addDays(input.asOf, 1));
  const gyms = scope.gymIds === null ? sql`` : sql`and s.gym_id in ${idList(scope.gymIds)}`;
  return queryRows<{
    kept: boolean;
    contacted: boolean | null;
    members: number | null;
    stayed: number | null;
  }>(
    db,
    sql`with ${input.steps},
        contacted as (
          select distinct x.user_id from at_risk_contacts x
          where x.organisation_id = ${scope.organisationId}
            and x.contacted_at >= ${at(input.contactsFrom)} and x.contacted_at < ${end}
            and exists (select 1 from subscriptions s where s.organisation_id = ${scope.organisationId}
                          and s.user_id = x.user_id ${gyms})
        ),
        not_contacted as (
          select t.user_id, t.stayed from (${input.atRiskThen}) as t(user_id, stayed)
          where not exists (select 1 from at_risk_contacts x where x.organisation_id = ${scope.organisationId}
                              and x.user_id = t.user_id and x.contacted_at < ${end})
        ),
        people as (
          select p.contacted, coalesce(p.stayed, ${stayedNow(scope.organisationId, sql`p.user_id`)}) as stayed
          from (select user_id, null::boolean as stayed, true as contacted from contacted
                union all select user_id, stayed, false from not_contacted) p
        ),
        grouped as (
          select p.contacted, count(*)::int as members, (count(*) filter (where p.stayed))::int as stayed
          from people p group by p.contacted
        )
        select ${input.kept} as kept, g.contacted, g.members, g.stayed
        from (select 1) h left join grouped g on true`,
  );
}

/** The follow-up's figures with those at risk on `window`'s day worked out from the base tables. */
export const recomputedFollowUpCounts = (
  db: Executor,
  scope: AtRiskScope,
  window: AtRiskWindow,
  period: { contactsFrom: CalendarDate; asOf: CalendarDate },
) =>
  followUpCounts(db, scope, {
    steps: atRiskSteps(scope, window),
    atRiskThen: sql`select k.user_id, null::boolean from risky k`,
    kept: sql`true`,
    ...period,
  });
