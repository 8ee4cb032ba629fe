// The visits list, its counts and its export batches: one query each, scoped to the organisation.
import type { VisitFilters } from '@gym/domain/api/visits';
import { addDays, type CalendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, limitOffset, queryPage, queryPrepared, queryRows } from '../../db/client';
import { idList } from '../../db/id-list';
import type { Row } from '../../db/row-types';
import type { visits } from '../../db/schema/index';

export interface VisitScope {
  organisationId: number;
  gymIds: number[] | null;
}

function visitConditions(scope: VisitScope, f: VisitFilters): SQL {
  const parts: SQL[] = [sql`v.organisation_id = ${scope.organisationId}`];
  if (scope.gymIds !== null) parts.push(sql`v.gym_id in ${idList(scope.gymIds)}`);
  if (f.door_id !== undefined) parts.push(sql`v.door_id = ${f.door_id}`);
  // Written into the text, not a parameter: a prepared page's generic plan then still matches the
  // refused visits' partial index (`where not successful`).
  if (f.successful !== undefined) parts.push(f.successful ? sql`v.successful` : sql`not v.successful`);
  if (f.from) parts.push(sql`v.visited_at >= ${startOfDayInstant(f.from as CalendarDate).toISOString()}`);
  if (f.to)
    parts.push(sql`v.visited_at < ${startOfDayInstant(addDays(f.to as CalendarDate, 1)).toISOString()}`);
  if (f.user_id !== undefined) parts.push(sql`v.user_id = ${f.user_id}`);
  return sql.join(parts, sql` and `);
}

/** A visit with its member's name and email, its gym's name and its door's (null without a door). */
export type VisitListRow = Pick<
  Row<typeof visits>,
  'id' | 'visited_at' | 'successful' | 'user_id' | 'gym_id' | 'door_id' | 'checked_in_by' | 'refused_reason'
> & {
  /** visited_at as the database's text (full precision): the export's cursor. */
  visited_key: string;
  user_name: string;
  user_email: string;
  gym_name: string;
  door_name: string | null;
};

const COLUMNS = sql`v.id::int, v.visited_at, v.visited_at::text as visited_key, v.successful, v.user_id::int,
  u.name as user_name, u.email as user_email, v.gym_id::int, g.name as gym_name, v.door_id::int,
  d.name as door_name, v.checked_in_by::int, v.refused_reason`;
const FROM = sql`from visits v join users u on u.id = v.user_id join gyms g on g.id = v.gym_id
  left join doors d on d.id = v.door_id`;

export function listVisits(
  db: Executor,
  scope: VisitScope,
  filters: VisitFilters,
  page: { limit: number; offset: number },
) {
  // The page's ids first (from the covering index), then the names for those rows only. The first pages
  // are prepared statements (queryPage).
  return queryPage<VisitListRow>(
    db,
    'visits_page',
    sql`select ${COLUMNS}
        from (select v.id, v.visited_at from visits v where ${visitConditions(scope, filters)}
              order by v.visited_at desc, v.id desc ${limitOffset(page)}) as paged
        join visits v on v.id = paged.id
        join users u on u.id = v.user_id join gyms g on g.id = v.gym_id
        left join doors d on d.id = v.door_id
        order by paged.visited_at desc, paged.id desc`,
    page,
  );
}

/** The same filters (but the member) on the daily counts `visit_day_counts c` (Auckland days). */
function dayCountConditions(scope: VisitScope, f: VisitFilters): SQL {
  const parts: SQL[] = [sql`c.organisation_id = ${scope.organisationId}`];
  if (scope.gymIds !== null) parts.push(sql`c.gym_id in ${idList(scope.gymIds)}`);
  if (f.door_id !== undefined) parts.push(sql`c.door_id = ${f.door_id}`);
  if (f.successful !== undefined) parts.push(f.successful ? sql`c.successful` : sql`not c.successful`);
  if (f.from) parts.push(sql`c.day >= ${f.from}::date`);
  if (f.to) parts.push(sql`c.day <= ${f.to}::date`);
  return sql.join(parts, sql` and `);
}

/**
 * How many visits the filters match, and how many of them were allowed: from the daily counts (migration
 * 0010, one row per Auckland day, gym, door and result, kept by triggers on visits); one member's visits
 * are few and are counted directly.
 */
export async function visitCounts(db: Executor, scope: VisitScope, filters: VisitFilters) {
  const [row] = await queryPrepared<{ total: number; successful: number }>(
    db,
    'visits_counts',
    filters.user_id !== undefined
      ? sql`select count(*)::int as total, (count(*) filter (where v.successful))::int as successful
            from visits v where ${visitConditions(scope, filters)}`
      : sql`select coalesce(sum(c.visits), 0)::int as total,
              coalesce(sum(c.visits) filter (where c.successful), 0)::int as successful
            from visit_day_counts c where ${dayCountConditions(scope, filters)}`,
  );
  const total = Number(row?.total ?? 0);
  const successful = Number(row?.successful ?? 0);
  return { total, successful, refused: total - successful };
}

export function visitExportBatch(
  db: Executor,
  scope: VisitScope,
  filters: VisitFilters,
  after: { visitedAt: string; id: number } | null,
  limit: number,
) {
  const keyset =
    after === null ? sql`true` : sql`(v.visited_at, v.id) < (${after.visitedAt}::timestamptz, ${after.id})`;
  return queryRows<VisitListRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where ${visitConditions(scope, filters)} and ${keyset}
        order by v.visited_at desc, v.id desc limit ${limit}`,
  );
}

/** Whether the door belongs to the organisation (a door filter of another organisation answers 404). */
export async function doorOfOrganisation(db: Executor, organisationId: number, doorId: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id::int from doors where organisation_id = ${organisationId} and id = ${doorId}`,
  );
  return rows.length > 0;
}
