// Writing offerings, their gyms and opening hours. Called inside the service's transaction.
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { offeringGyms, offeringHours, offerings, prices } from '../../db/schema/index';

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
