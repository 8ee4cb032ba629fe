// Offerings, their gyms and opening hours: reading (one query per list plus its count, then one each for the
// gyms and hours of the page), writing (inside the service's transaction), and the memberships held on them.
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { idList } from '../../db/id-list';
import type { Row } from '../../db/row-types';
import { offeringGyms, offeringHours, offerings, prices } from '../../db/schema/index';

export type OfferingRow = Pick<
  Row<typeof offerings>,
  | 'id'
  | 'gym_id'
  | 'name'
  | 'description'
  | 'type'
  | 'all_gyms_access'
  | 'mandated'
  | 'hours_mandated'
  | 'prices_mandated'
  | 'archived_at'
  | 'created_at'
  | 'updated_at'
> & {
  gym_name: string | null;
  /** Prices not archived. */
  prices_count: number;
};

export interface OfferingGymRow {
  offering_id: number;
  id: number;
  name: string;
}

export type OfferingHoursRow = Pick<
  Row<typeof offeringHours>,
  'id' | 'offering_id' | 'day' | 'open_at' | 'close_at'
>;

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
const opensGym = (gymId: number) => sql`(o.all_gyms_access or o.gym_id = ${gymId} or exists (
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

// Writing

export type OfferingValues = Pick<
  typeof offerings.$inferInsert,
  | 'gymId'
  | 'name'
  | 'description'
  | 'type'
  | 'allGymsAccess'
  | 'mandated'
  | 'hoursMandated'
  | 'pricesMandated'
>;
export interface HoursValues {
  day: number;
  open_at: string;
  close_at: string;
}

/** The offering row, locked until the transaction ends, with its listed gyms. */
export async function lockOffering(db: Executor, organisationId: number, offeringId: number) {
  const [row] = await db
    .select()
    .from(offerings)
    .where(and(eq(offerings.organisationId, organisationId), eq(offerings.id, offeringId)))
    .for('update');
  if (!row) return null;
  const listed = await db
    .select({ gymId: offeringGyms.gymId })
    .from(offeringGyms)
    .where(and(eq(offeringGyms.organisationId, organisationId), eq(offeringGyms.offeringId, offeringId)));
  return { ...row, gymIds: listed.map((g) => g.gymId) };
}
export type LockedOffering = NonNullable<Awaited<ReturnType<typeof lockOffering>>>;

export async function insertOffering(
  db: Executor,
  organisationId: number,
  values: OfferingValues,
  now: Date,
) {
  const [row] = await db
    .insert(offerings)
    .values({ ...values, organisationId, createdAt: now, updatedAt: now })
    .returning({ id: offerings.id });
  return row!.id;
}

export async function updateOffering(
  db: Executor,
  organisationId: number,
  offeringId: number,
  values: OfferingValues,
  now: Date,
) {
  await db
    .update(offerings)
    .set({ ...values, updatedAt: now })
    .where(and(eq(offerings.organisationId, organisationId), eq(offerings.id, offeringId)));
}

export async function replaceOfferingGyms(
  db: Executor,
  organisationId: number,
  offeringId: number,
  gymIds: readonly number[],
) {
  await db
    .delete(offeringGyms)
    .where(and(eq(offeringGyms.organisationId, organisationId), eq(offeringGyms.offeringId, offeringId)));
  if (gymIds.length > 0) {
    await db.insert(offeringGyms).values(gymIds.map((gymId) => ({ organisationId, offeringId, gymId })));
  }
}

export async function replaceOfferingHours(
  db: Executor,
  organisationId: number,
  offeringId: number,
  hours: readonly HoursValues[],
) {
  await db
    .delete(offeringHours)
    .where(and(eq(offeringHours.organisationId, organisationId), eq(offeringHours.offeringId, offeringId)));
  if (hours.length > 0) {
    await db.insert(offeringHours).values(
      hours.map((h) => ({
        organisationId,
        offeringId,
        day: h.day,
        openAt: h.open_at,
        closeAt: h.close_at,
      })),
    );
  }
}

/** Archives the offering and every price of it still on sale; answers how many prices it archived. */
export async function archiveOffering(db: Executor, organisationId: number, offeringId: number, now: Date) {
  await db
    .update(offerings)
    .set({ archivedAt: now, updatedAt: now })
    .where(and(eq(offerings.organisationId, organisationId), eq(offerings.id, offeringId)));
  const archived = await db
    .update(prices)
    .set({ archivedAt: now, updatedAt: now })
    .where(
      and(
        eq(prices.organisationId, organisationId),
        eq(prices.offeringId, offeringId),
        isNull(prices.archivedAt),
      ),
    )
    .returning({ id: prices.id });
  return archived.length;
}

/** Deletes the offering with its prices (their links, its hours and gyms cascade). The caller checked nothing uses them. */
export async function deleteOffering(db: Executor, organisationId: number, offeringId: number) {
  await db
    .delete(prices)
    .where(and(eq(prices.organisationId, organisationId), eq(prices.offeringId, offeringId)));
  await db
    .delete(offerings)
    .where(and(eq(offerings.organisationId, organisationId), eq(offerings.id, offeringId)));
}

// The distinct memberships members hold at one gym on one offering (price and what they pay), with counts:
// the choices of the bulk price-change screen.

export interface UniqueMembershipRow {
  price_id: number;
  amount: number;
  price_amount: number;
  billing_frequency: string;
  term_amount: number | null;
  term_unit: string | null;
  price_archived: boolean;
  members_count: number;
  subscriptions_count: number;
}

/** Subscriptions not cancelled, grouped by price and the amount actually charged (a staff override wins). */
export async function uniqueMemberships(
  db: Executor,
  organisationId: number,
  gymId: number,
  offeringId: number,
) {
  return queryRows<UniqueMembershipRow>(
    db,
    sql`
    select s.price_id::int as price_id, coalesce(s.force_price_amount, p.amount) as amount, p.amount as price_amount,
           p.billing_frequency, p.term_amount, p.term_unit, (p.archived_at is not null) as price_archived,
           count(distinct s.user_id)::int as members_count, count(*)::int as subscriptions_count
    from subscriptions s
    join prices p on p.id = s.price_id and p.organisation_id = s.organisation_id
    where s.organisation_id = ${organisationId} and s.gym_id = ${gymId} and p.offering_id = ${offeringId}
      and s.cancelled_at is null
    group by s.price_id, coalesce(s.force_price_amount, p.amount), p.amount, p.billing_frequency, p.term_amount,
             p.term_unit, p.archived_at
    order by amount, price_id`,
  );
}
