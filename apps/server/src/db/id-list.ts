// `in` lists for raw SQL.
import { type SQL, sql } from 'drizzle-orm';

/** `(1, 2, 3)` for an `in` list; `(null)` when empty, which matches nothing. */
export function idList(ids: readonly number[]): SQL {
  if (ids.length === 0) return sql`(null)`;
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}
