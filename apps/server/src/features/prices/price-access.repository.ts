// Which price a person joining may take (for the join flow): a public price on sale, or any price on sale
// through one of its live private links. A private price is never reachable without its link.
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

export interface JoinablePrice {
  organisation_id: number;
  price_id: number;
  offering_id: number;
  /** The link used, if any, and whether it lets an under-age person join. */
  link_id: number | null;
  age_bypass: boolean;
}

/** The price, if a person may join on it with this link token (or none). Another organisation's price is null. */
export async function findJoinablePrice(
  db: Executor,
  organisationId: number,
  priceId: number,
  linkToken: string | null,
): Promise<JoinablePrice | null> {
  const [row] = await queryRows<JoinablePrice & { private: boolean }>(
    db,
    sql`
    select p.organisation_id::int as organisation_id, p.id::int as price_id, p.offering_id::int as offering_id,
           l.id::int as link_id, coalesce(l.age_bypass, false) as age_bypass, p.private
    from prices p
    join offerings o on o.id = p.offering_id and o.organisation_id = p.organisation_id
    left join private_price_links l on l.organisation_id = p.organisation_id and l.price_id = p.id
      and l.token = ${linkToken} and l.revoked_at is null
    where p.organisation_id = ${organisationId} and p.id = ${priceId}
      and p.archived_at is null and o.archived_at is null`,
  );
  if (!row) return null;
  // A token that is not a live link of this price opens nothing, even a public price.
  if (linkToken !== null && row.link_id === null) return null;
  if (row.private && row.link_id === null) return null;
  const { private: _private, ...joinable } = row;
  return joinable;
}

/** What a private link opens, found by its token alone (the join site does not know the organisation yet). */
export async function findPriceByLinkToken(db: Executor, token: string): Promise<JoinablePrice | null> {
  const [row] = await queryRows<JoinablePrice>(
    db,
    sql`
    select l.organisation_id::int as organisation_id, p.id::int as price_id, p.offering_id::int as offering_id,
           l.id::int as link_id, l.age_bypass
    from private_price_links l
    join prices p on p.id = l.price_id and p.organisation_id = l.organisation_id
    join offerings o on o.id = p.offering_id and o.organisation_id = p.organisation_id
    where l.token = ${token} and l.revoked_at is null and p.archived_at is null and o.archived_at is null`,
  );
  return row ?? null;
}
