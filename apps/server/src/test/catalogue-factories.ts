// Offerings, prices and subscription rows for tests, through the real tables, with overrides.
import type { Executor } from '../db/client';
import {
  offeringGyms,
  offeringHours,
  offerings,
  prices,
  privatePriceLinks,
  subscriptions,
} from '../db/schema/index';
import { unique } from './factories';

export async function createOffering(
  db: Executor,
  input: {
    organisationId: number;
    /** Gyms it opens (ignored for all-gyms offerings). */
    gymIds?: number[];
    hours?: { day: number; openAt: string; closeAt: string }[];
  } & Partial<typeof offerings.$inferInsert>,
) {
  const { organisationId, gymIds = [], hours = [], ...overrides } = input;
  const [row] = await db
    .insert(offerings)
    .values({ organisationId, name: unique('Offering'), type: '24_7', ...overrides })
    .returning();
  const offering = row!;
  if (!offering.allGymsAccess && gymIds.length > 0) {
    await db
      .insert(offeringGyms)
      .values(gymIds.map((gymId) => ({ organisationId, offeringId: offering.id, gymId })));
  }
  if (hours.length > 0) {
    await db
      .insert(offeringHours)
      .values(hours.map((h) => ({ organisationId, offeringId: offering.id, ...h })));
  }
  return offering;
}

export async function createPrice(
  db: Executor,
  input: { organisationId: number; offeringId: number } & Partial<typeof prices.$inferInsert>,
) {
  const [row] = await db
    .insert(prices)
    .values({ amount: 2500, billingFrequency: 'weekly', ...input })
    .returning();
  return row!;
}

export async function createPriceLink(
  db: Executor,
  input: { organisationId: number; priceId: number } & Partial<typeof privatePriceLinks.$inferInsert>,
) {
  const [row] = await db
    .insert(privatePriceLinks)
    .values({ token: unique('token'), ...input })
    .returning();
  return row!;
}

/** A subscription row as the billing engine would leave it; only what the catalogue rules look at is set. */
export async function createSubscription(
  db: Executor,
  input: { organisationId: number; gymId: number; userId: number; priceId: number } & Partial<
    typeof subscriptions.$inferInsert
  >,
) {
  const [row] = await db
    .insert(subscriptions)
    .values({ startDate: '2025-03-03', anchorDay: 3, ...input })
    .returning();
  return row!;
}
