// Writing prices and their private links. Called inside the service's transaction.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prices, privatePriceLinks } from '../../db/schema/index';

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
export type LockedPrice = NonNullable<Awaited<ReturnType<typeof lockPrice>>>;

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
