// Prices and their private links: reading with everything their answer shows (offering, gym, surcharge rate,
// subscription count) in one query and their links in a second, whatever the number of prices; writing
// (inside the service's transaction); and which price a person joining may take.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { idList } from '../../db/id-list';
import type { Row } from '../../db/row-types';
import { prices, privatePriceLinks } from '../../db/schema/index';

/** A price with its offering, its gym, the gym whose card surcharge applies, and its subscriptions counted. */
export type PriceRow = Pick<
  Row<typeof prices>,
  | 'id'
  | 'offering_id'
  | 'gym_id'
  | 'amount'
  | 'billing_frequency'
  | 'joining_fee'
  | 'private'
  | 'term_amount'
  | 'term_unit'
  | 'grouping_unique_identifier'
  | 'archived_at'
  | 'created_at'
  | 'updated_at'
> & {
  offering_name: string;
  offering_gym_id: number | null;
  offering_archived_at: Date | null;
  gym_name: string | null;
  /** The gym whose card surcharge applies (see surchargeGym), and its rate. */
  surcharge_gym_id: number | null;
  surcharge_basis_points: number;
  subscriptions_count: number;
};

export type PriceLinkRow = Pick<
  Row<typeof privatePriceLinks>,
  'id' | 'price_id' | 'token' | 'age_bypass' | 'created_at'
>;

export interface PriceFilter {
  ids?: readonly number[];
  offeringIds?: readonly number[];
  /** true: archived only; false: on sale only; undefined: both. */
  archived?: boolean | undefined;
  /** Prices a member of this gym can take: the offering opens it and the price is not another gym's. */
  availableAtGymId?: number | undefined;
  /** The gym the caller is looking from: its surcharge applies to prices not tied to one gym. */
  contextGymId?: number | null | undefined;
}

// The surcharge comes from the price's gym, else the offering's own gym, else the gym the caller is
// looking from when the offering opens it; otherwise there is no single gym, and no surcharge.
const surchargeGym = (contextGymId: number | null) => sql`coalesce(p.gym_id, o.gym_id,
  case when ${contextGymId}::bigint is not null and (o.all_gyms_access or exists (
    select 1 from offering_gyms og where og.organisation_id = o.organisation_id and og.offering_id = o.id
      and og.gym_id = ${contextGymId}::bigint)) then ${contextGymId}::bigint end)`;

function whereOf(organisationId: number, filter: PriceFilter): SQL {
  const parts: SQL[] = [sql`p.organisation_id = ${organisationId}`];
  if (filter.ids) parts.push(sql`p.id in ${idList(filter.ids)}`);
  if (filter.offeringIds) parts.push(sql`p.offering_id in ${idList(filter.offeringIds)}`);
  if (filter.archived === true) parts.push(sql`p.archived_at is not null`);
  if (filter.archived === false) parts.push(sql`p.archived_at is null`);
  if (filter.availableAtGymId !== undefined) {
    const gymId = filter.availableAtGymId;
    parts.push(sql`(p.gym_id is null or p.gym_id = ${gymId}) and (o.all_gyms_access or o.gym_id = ${gymId} or exists (
      select 1 from offering_gyms og2 where og2.organisation_id = o.organisation_id and og2.offering_id = o.id and og2.gym_id = ${gymId}))`);
  }
  return sql.join(parts, sql` and `);
}

export async function selectPrices(
  db: Executor,
  organisationId: number,
  filter: PriceFilter,
  page?: { limit: number; offset: number },
) {
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  return queryRows<PriceRow>(
    db,
    sql`
    select p.id::int as id, p.offering_id::int as offering_id, p.gym_id::int as gym_id, p.amount, p.billing_frequency,
           p.joining_fee, p.private, p.term_amount, p.term_unit, p.grouping_unique_identifier::text as grouping_unique_identifier,
           p.archived_at, p.created_at, p.updated_at,
           o.name as offering_name, o.gym_id::int as offering_gym_id, o.archived_at as offering_archived_at,
           g.name as gym_name, sg.id::int as surcharge_gym_id, coalesce(sg.card_surcharge_basis_points, 0) as surcharge_basis_points,
           (select count(*)::int from subscriptions s
             where s.organisation_id = p.organisation_id and s.price_id = p.id) as subscriptions_count
    from prices p
    join offerings o on o.id = p.offering_id and o.organisation_id = p.organisation_id
    left join gyms g on g.id = p.gym_id and g.organisation_id = p.organisation_id
    left join gyms sg on sg.organisation_id = p.organisation_id and sg.id = ${surchargeGym(filter.contextGymId ?? null)}
    where ${whereOf(organisationId, filter)}
    order by o.name, o.id, (p.archived_at is not null), p.amount, p.id
    ${paging}`,
  );
}

export async function countPrices(db: Executor, organisationId: number, filter: PriceFilter) {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`
    select count(*)::int as total from prices p
    join offerings o on o.id = p.offering_id and o.organisation_id = p.organisation_id
    where ${whereOf(organisationId, filter)}`,
  );
  return row?.total ?? 0;
}

/** Live (not revoked) private links of these prices, oldest first. */
export async function linksOfPrices(db: Executor, organisationId: number, priceIds: readonly number[]) {
  if (priceIds.length === 0) return [];
  return queryRows<PriceLinkRow>(
    db,
    sql`
    select l.id::int as id, l.price_id::int as price_id, l.token, l.age_bypass, l.created_at
    from private_price_links l
    where l.organisation_id = ${organisationId} and l.price_id in ${idList(priceIds)} and l.revoked_at is null
    order by l.created_at, l.id`,
  );
}

/** Subscriptions (any state) on the price or moving to it, or price changes naming it: what stops a delete. */
export async function priceInUse(db: Executor, organisationId: number, priceId: number) {
  const [row] = await queryRows<{ used: boolean }>(
    db,
    sql`
    select exists (select 1 from subscriptions s where s.organisation_id = ${organisationId}
                     and (s.price_id = ${priceId} or s.transition_to_price_id = ${priceId}))
        or exists (select 1 from price_changes c where c.organisation_id = ${organisationId}
                     and (c.from_price_id = ${priceId} or c.to_price_id = ${priceId})) as used`,
  );
  return row?.used ?? false;
}

// Writing

export type PriceValues = Pick<
  typeof prices.$inferInsert,
  'amount' | 'billingFrequency' | 'joiningFee' | 'private' | 'termAmount' | 'termUnit'
>;

/** The price row; `lock` holds it until the transaction ends. */
export async function lockPrice(db: Executor, organisationId: number, priceId: number, lock = true) {
  const query = db
    .select()
    .from(prices)
    .where(and(eq(prices.organisationId, organisationId), eq(prices.id, priceId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertPrices(
  db: Executor,
  input: { organisationId: number; offeringId: number; gymId: number | null; now: Date },
  values: readonly PriceValues[],
) {
  if (values.length === 0) return [];
  const rows = await db
    .insert(prices)
    .values(
      values.map((v) => ({
        ...v,
        organisationId: input.organisationId,
        offeringId: input.offeringId,
        gymId: input.gymId,
        createdAt: input.now,
        updatedAt: input.now,
      })),
    )
    .returning({ id: prices.id });
  return rows.map((r) => r.id);
}

export async function updatePrice(
  db: Executor,
  organisationId: number,
  priceId: number,
  changes: Partial<PriceValues> & { archivedAt?: Date | null },
  now: Date,
) {
  await db
    .update(prices)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(prices.organisationId, organisationId), eq(prices.id, priceId)));
}

export async function deletePrice(db: Executor, organisationId: number, priceId: number) {
  await db.delete(prices).where(and(eq(prices.organisationId, organisationId), eq(prices.id, priceId)));
}

export async function insertPriceLink(
  db: Executor,
  input: {
    organisationId: number;
    priceId: number;
    token: string;
    ageBypass: boolean;
    createdBy: number;
    now: Date;
  },
) {
  const [row] = await db
    .insert(privatePriceLinks)
    .values({
      organisationId: input.organisationId,
      priceId: input.priceId,
      token: input.token,
      ageBypass: input.ageBypass,
      createdBy: input.createdBy,
      createdAt: input.now,
    })
    .returning({ id: privatePriceLinks.id });
  return row!.id;
}

// Joining: a public price on sale, or any price on sale through one of its live private links. A private
// price is never reachable without its link.

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
