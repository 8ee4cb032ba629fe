// SQL the offerings and prices features share: the organisation's catalogue settings, its gyms, the audit trail.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { appendActivity } from '../../db/activity';
import type { Executor } from '../../db/client';
import { gyms, organisations } from '../../db/schema/index';

/** `(1, 2, 3)` for an `in` list; `(null)` when empty, which matches nothing. */
export function idList(ids: readonly number[]): SQL {
  if (ids.length === 0) return sql`(null)`;
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

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

export async function findGym(db: Executor, organisationId: number, gymId: number) {
  const [row] = await db
    .select({ id: gyms.id, name: gyms.name })
    .from(gyms)
    .where(and(eq(gyms.organisationId, organisationId), eq(gyms.id, gymId)));
  return row ?? null;
}

/** Which of these ids are gyms of the organisation. */
export async function gymIdsOfOrganisation(db: Executor, organisationId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: gyms.id })
    .from(gyms)
    .where(and(eq(gyms.organisationId, organisationId), inArray(gyms.id, [...ids])));
  return rows.map((r) => r.id);
}

export interface ActivityEntry {
  organisationId: number;
  actorUserId: number;
  subjectType: 'offering' | 'price';
  subjectId: number;
  action: string;
  data?: Record<string, unknown>;
  requestId: string;
}

export async function insertActivity(db: Executor, entry: ActivityEntry) {
  await appendActivity(db, entry);
}
