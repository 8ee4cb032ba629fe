import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

export interface SearchScope {
  organisationId: number;
  /** Limit to members whose home gym is one of these; null for the whole organisation. */
  gymIds: number[] | null;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Members of one organisation whose name or email contains the query, ignoring case and accents.
 * Both tests use the trigram indexes on the stored columns search_name (search_text(name)) and
 * search_email (lower(email)); ordering puts names starting with the query first.
 */
export async function searchMembers(db: Executor, scope: SearchScope, query: string, limit: number) {
  const pattern = `%${escapeLike(query.trim())}%`;
  const gymFilter =
    scope.gymIds === null
      ? sql``
      : sql`and m.home_gym_id = any(${sql.raw(`'{${scope.gymIds.map(Number).join(',')}}'::bigint[]`)})`;
  return queryRows<{ id: number; name: string; email: string }>(
    db,
    sql`
    select u.id::int as id, u.name, u.email
    from users u
    join organisation_members m on m.user_id = u.id and m.organisation_id = ${scope.organisationId} and m.deleted_at is null
    where (u.search_name like search_text(${pattern}) or u.search_email like lower(${pattern}))
      and u.deleted_at is null ${gymFilter}
    order by (u.search_name like search_text(${`${escapeLike(query.trim())}%`})) desc, u.search_name collate "C", u.id
    limit ${limit}`,
  );
}
