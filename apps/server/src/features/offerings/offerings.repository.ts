// Reading offerings: one query per list (plus its count), then one each for the gyms and hours of the page.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { idList } from './catalogue.repository';

export interface OfferingRow {
  id: number;
  gym_id: number | null;
  gym_name: string | null;
  name: string;
  description: string | null;
  type: string;
  all_gyms_access: boolean;
  mandated: boolean;
  hours_mandated: boolean;
  prices_mandated: boolean;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** Prices not archived. */
  prices_count: number;
}

export interface OfferingGymRow {
  offering_id: number;
  id: number;
  name: string;
}

export interface OfferingHoursRow {
  id: number;
  offering_id: number;
  day: number;
  open_at: string;
  close_at: string;
}

export interface OfferingFilter {
  type?: string | undefined;
  /** Offerings that open this gym (all-gyms, owned by it, or listing it). */
  gymId?: number | undefined;
  archived: boolean;
  search?: string | undefined;
}

const SELECT = sql`
  select o.id::int as id, o.gym_id::int as gym_id, g.name as gym_name, o.name, o.description, o.type,
         o.all_gyms_access, o.mandated, o.hours_mandated, o.prices_mandated, o.archived_at, o.created_at, o.updated_at,
         (select count(*)::int from prices p
           where p.organisation_id = o.organisation_id and p.offering_id = o.id and p.archived_at is null) as prices_count
  from offerings o
  left join gyms g on g.id = o.gym_id and g.organisation_id = o.organisation_id`;

/** The offering opens this gym. */
export const opensGym = (gymId: number) => sql`(o.all_gyms_access or o.gym_id = ${gymId} or exists (
  select 1 from offering_gyms og where og.organisation_id = o.organisation_id and og.offering_id = o.id and og.gym_id = ${gymId}))`;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterOf(organisationId: number, filter: OfferingFilter): SQL {
  const parts: SQL[] = [sql`o.organisation_id = ${organisationId}`];
  parts.push(filter.archived ? sql`o.archived_at is not null` : sql`o.archived_at is null`);
  if (filter.type) parts.push(sql`o.type = ${filter.type}`);
  if (filter.gymId !== undefined) parts.push(opensGym(filter.gymId));
  const search = filter.search?.trim();
  if (search) parts.push(sql`search_text(o.name) like search_text(${`%${escapeLike(search)}%`})`);
  return sql.join(parts, sql` and `);
}

export async function findOffering(db: Executor, organisationId: number, offeringId: number) {
  const [row] = await queryRows<OfferingRow>(
    db,
    sql`${SELECT} where o.organisation_id = ${organisationId} and o.id = ${offeringId}`,
  );
  return row ?? null;
}

export async function listOfferings(
  db: Executor,
  organisationId: number,
  filter: OfferingFilter,
  page: { limit: number; offset: number },
) {
  const where = filterOf(organisationId, filter);
  const rows = await queryRows<OfferingRow>(
    db,
    sql`${SELECT} where ${where} order by o.name, o.id limit ${page.limit} offset ${page.offset}`,
  );
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from offerings o where ${where}`,
  );
  return { rows, total: counted?.total ?? 0 };
}

/** Offerings not archived that open the gym, by name. */
export async function listGymOfferings(db: Executor, organisationId: number, gymId: number) {
  return queryRows<OfferingRow>(
    db,
    sql`${SELECT} where ${filterOf(organisationId, { archived: false, gymId })} order by o.name, o.id`,
  );
}

/** The listed gyms of these offerings (an all-gyms offering lists none). */
export async function gymsOfOfferings(db: Executor, organisationId: number, offeringIds: readonly number[]) {
  if (offeringIds.length === 0) return [];
  return queryRows<OfferingGymRow>(
    db,
    sql`
    select og.offering_id::int as offering_id, g.id::int as id, g.name
    from offering_gyms og
    join gyms g on g.id = og.gym_id and g.organisation_id = og.organisation_id
    where og.organisation_id = ${organisationId} and og.offering_id in ${idList(offeringIds)}
    order by g.name, g.id`,
  );
}

export async function hoursOfOfferings(db: Executor, organisationId: number, offeringIds: readonly number[]) {
  if (offeringIds.length === 0) return [];
  return queryRows<OfferingHoursRow>(
    db,
    sql`
    select h.id::int as id, h.offering_id::int as offering_id, h.day::int as day,
           to_char(h.open_at, 'HH24:MI') as open_at, to_char(h.close_at, 'HH24:MI') as close_at
    from offering_hours h
    where h.organisation_id = ${organisationId} and h.offering_id in ${idList(offeringIds)}
    order by h.day, h.open_at, h.id`,
  );
}

/** Subscriptions (any state) on the offering's prices, or price changes pointing at them: what stops a delete. */
export async function offeringInUse(db: Executor, organisationId: number, offeringId: number) {
  const [row] = await queryRows<{ used: boolean }>(
    db,
    sql`
    select exists (
      select 1 from prices p
      where p.organisation_id = ${organisationId} and p.offering_id = ${offeringId} and (
        exists (select 1 from subscriptions s
                where s.organisation_id = p.organisation_id and (s.price_id = p.id or s.transition_to_price_id = p.id))
        or exists (select 1 from price_changes c
                   where c.organisation_id = p.organisation_id and (c.from_price_id = p.id or c.to_price_id = p.id)))
    ) as used`,
  );
  return row?.used ?? false;
}
