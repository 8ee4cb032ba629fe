// Reading prices with everything their answer shows (offering, gym, surcharge rate, subscription count) in
// one query, and their private links in a second, whatever the number of prices.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { idList } from '../offerings/catalogue.repository';

export interface PriceRow {
  id: number;
  offering_id: number;
  gym_id: number | null;
  amount: number;
  billing_frequency: string;
  joining_fee: number;
  private: boolean;
  term_amount: number | null;
  term_unit: string | null;
  grouping_unique_identifier: string;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
  offering_name: string;
  offering_gym_id: number | null;
  offering_archived_at: Date | null;
  gym_name: string | null;
  /** The gym whose card surcharge applies (see surchargeGym), and its rate. */
  surcharge_gym_id: number | null;
  surcharge_basis_points: number;
  subscriptions_count: number;
}

export interface PriceLinkRow {
  id: number;
  price_id: number;
  token: string;
  age_bypass: boolean;
  created_at: Date;
}

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
