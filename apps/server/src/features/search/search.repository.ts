import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

export interface SearchScope {
  organisationId: number;
  /** Limit to members whose home gym is one of these; null for the whole organisation. */
  gymIds: number[] | null;
}

export interface SearchHit {
  id: number;
  name: string;
  email: string;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** How many prefix rows one round trip reads: a member appears once per word that matches. */
const PREFIX_BATCH = 3;
/** How many members (first by name) the substring match reads in order before it asks the trigram index. */
const CONTAINS_SCAN = 2000;

/**
 * What a person typed, as the search reads it: a mobile number (digits, spaces, + ( ) -, at least three
 * digits; "+64 21…" in the national form "021…") is one digit term; anything else is its words, in any
 * order, each the start of a word of the name or email ("Angu Fif", "fifita angus").
 */
function searchWords(query: string): { words: string[]; mobile: boolean } {
  const trimmed = query.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length >= 3 && /^[\d\s()+-]+$/.test(trimmed)) {
    const national = digits.startsWith('64') && digits.length > 4 ? `0${digits.slice(2)}` : digits;
    return { words: [national], mobile: true };
  }
  return { words: trimmed.split(/\s+/).filter(Boolean), mobile: false };
}

/**
 * Members of one organisation whose name, email or mobile matches the query, ignoring case and accents,
 * in the order a person expects: exact first (the query is a whole word-on part of the name or email:
 * "smith" finds every Smith), then starts-with (the name, any word of it, or the email or a word of its
 * local part, or the mobile's digits), both in (matched text, name) order; then contains, by name.
 *
 * The first two come from the ordered index on member_search_terms (migration 0007, mobiles 0017), read
 * in order and stopped at the page size however common the letters ("a" matches most members). With
 * several words the longest drives that index range and each other word must start one of the member's
 * terms too (a primary-key lookup per candidate). The substring match over the trigram indexes on users
 * runs only when they leave the page short.
 */
export async function searchMembers(db: Executor, scope: SearchScope, query: string, limit: number) {
  const { words, mobile } = searchWords(query);
  // The longest word is the narrowest index range; the others are checked per candidate.
  const [driver = '', ...others] = [...words].sort((a, b) => b.length - a.length);
  const folded = (word: string) =>
    mobile ? sql`${escapeLike(word)}` : sql`search_text(${escapeLike(word)})`;
  const alsoStarts = (user: SQL) =>
    others.map(
      (word) => sql`and exists (select 1 from member_search_terms o
        where o.organisation_id = ${scope.organisationId} and o.user_id = ${user}
          and o.term like ${folded(word)} || '%')`,
    );
  const gymIds =
    scope.gymIds === null ? null : sql.raw(`'{${scope.gymIds.map(Number).join(',')}}'::bigint[]`);
  const found: SearchHit[] = [];
  const seen = new Set<number>();

  // Exact and starts-with: index order, keyset-paged until the page is full or the range ends.
  let after: { term: string; name: string; id: number } | null = null;
  for (;;) {
    const batch = limit * PREFIX_BATCH;
    const rows: (SearchHit & { term: string; sortName: string })[] = await queryRows(
      db,
      sql`
      with hits as (
        select t.user_id, t.term, t.name from member_search_terms t
        where t.organisation_id = ${scope.organisationId}
          and t.term like ${folded(driver)} || '%'
          ${sql.join(alsoStarts(sql`t.user_id`), sql` `)}
          ${gymIds ? sql`and t.home_gym_id = any(${gymIds})` : sql``}
          ${after ? sql`and (t.term, t.name, t.user_id) > (${after.term}, ${after.name}, ${after.id})` : sql``}
        order by t.term, t.name, t.user_id
        limit ${batch})
      select h.user_id::int as id, u.name, u.email, h.term, h.name as "sortName"
      from hits h join users u on u.id = h.user_id
      order by h.term, h.name, h.user_id`,
    );
    for (const row of rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      found.push({ id: row.id, name: row.name, email: row.email });
      if (found.length === limit) return found;
    }
    const last = rows.at(-1);
    if (rows.length < batch || !last) break;
    after = { term: last.term, name: last.sortName, id: last.id };
  }

  // Contains: the substring anywhere else, for what is left of the page. First among the organisation's
  // first CONTAINS_SCAN members by name (their whole-name rows, migration 0008's index): a fragment common
  // enough to be in many names fills the page there without collecting and sorting every match. When it
  // does not (a rarer fragment, or fewer members), the trigram match over users, which is quick for few
  // (and finds every match, whatever the first CONTAINS_SCAN held).
  // Every word somewhere in the name or the email.
  const contains = sql.join(
    words.map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      return sql`(u.search_name like search_text(${pattern}) or u.search_email like lower(${pattern}))`;
    }),
    sql` and `,
  );
  const left = limit - found.length;
  const excluded: SQL = found.length
    ? sql`and u.id <> all(${sql.raw(`'{${found.map((f) => Number(f.id)).join(',')}}'::bigint[]`)})`
    : sql``;
  const firstByName = await queryRows<SearchHit>(
    db,
    sql`
    with candidates as (
      select t.user_id, t.name from member_search_terms t
      where t.organisation_id = ${scope.organisationId} and t.term = t.name
        ${gymIds ? sql`and t.home_gym_id = any(${gymIds})` : sql``}
      order by t.name, t.user_id
      limit ${CONTAINS_SCAN})
    select u.id::int as id, u.name, u.email
    from candidates c join users u on u.id = c.user_id
    where ${contains} ${excluded}
    order by c.name, c.user_id
    limit ${left}`,
  );
  if (firstByName.length === left) return [...found, ...firstByName];

  const rest = await queryRows<SearchHit>(
    db,
    sql`
    select u.id::int as id, u.name, u.email
    from users u
    join organisation_members m on m.user_id = u.id and m.organisation_id = ${scope.organisationId} and m.deleted_at is null
    where ${contains}
      and u.deleted_at is null ${gymIds ? sql`and m.home_gym_id = any(${gymIds})` : sql``} ${excluded}
    order by u.search_name collate "C", u.id
    limit ${left}`,
  );
  return [...found, ...rest];
}
