// `in` lists for raw SQL.
import { type SQL, sql } from 'drizzle-orm';

/** Above this many ids the list is sent as one array parameter (a statement takes at most 65,535). */
const LITERAL_LIMIT = 100;

/**
 * `(1, 2, 3)` for an `in` list; `(null)` when empty, which matches nothing. A long list (a dashboard over
 * 100,000 members) goes as one array parameter, `(select unnest($1::bigint[]))`, instead of one parameter
 * per id.
 */
export function idList(ids: readonly number[]): SQL {
  if (ids.length === 0) return sql`(null)`;
  if (ids.length > LITERAL_LIMIT) return sql`(select unnest(${`{${ids.join(',')}}`}::bigint[]))`;
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}
