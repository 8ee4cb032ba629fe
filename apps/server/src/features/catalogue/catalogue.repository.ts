// The organisation's catalogue switches, and which gyms of it an offering may name.
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { gyms, organisations } from '../../db/schema/index';

export async function findCatalogueSettings(db: Executor, organisationId: number) {
  const [row] = await db
    .select({
      enableOfferings: organisations.enableOfferings,
      nonStop: organisations.nonStop,
      limitedAccess: organisations.limitedAccess,
      weekly: organisations.weekly,
      fortnightly: organisations.fortnightly,
      monthly: organisations.monthly,
      quarterly: organisations.quarterly,
      sixMonthly: organisations.sixMonthly,
      yearly: organisations.yearly,
      minimumAge: organisations.minimumAge,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row ?? null;
}
export type CatalogueSettings = NonNullable<Awaited<ReturnType<typeof findCatalogueSettings>>>;

/** Which of these ids are gyms of the organisation. */
export async function gymIdsOfOrganisation(db: Executor, organisationId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: gyms.id })
    .from(gyms)
    .where(and(eq(gyms.organisationId, organisationId), inArray(gyms.id, [...ids])));
  return rows.map((r) => r.id);
}
