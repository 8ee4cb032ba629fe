// The gym's connected Stripe account: stored when made, marked connected when Stripe says it can charge.
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { gyms } from '../../db/schema/index';

/**
 * Stores a new account on the gym only if the gym still has `previous` (null: none), so two clicks at
 * once cannot leave the gym with an account the other click's link does not lead to. Null when lost.
 */
export async function storeAccount(
  db: Executor,
  organisationId: number,
  gymId: number,
  change: { accountId: string; previous: string | null; now: Date },
) {
  const sameAsBefore: SQL =
    change.previous === null ? isNull(gyms.stripeId) : eq(gyms.stripeId, change.previous);
  const [row] = await db
    .update(gyms)
    .set({ stripeId: change.accountId, stripeConnectedAt: null, updatedAt: change.now })
    .where(and(eq(gyms.organisationId, organisationId), eq(gyms.id, gymId), sameAsBefore))
    .returning();
  return row ?? null;
}

/** Records when the account could first take card payments. */
export async function markConnected(
  db: Executor,
  organisationId: number,
  gymId: number,
  accountId: string,
  now: Date,
) {
  const [row] = await db
    .update(gyms)
    .set({ stripeConnectedAt: now, updatedAt: now })
    .where(
      and(
        eq(gyms.organisationId, organisationId),
        eq(gyms.id, gymId),
        eq(gyms.stripeId, accountId),
        isNull(gyms.stripeConnectedAt),
      ),
    )
    .returning();
  return row ?? null;
}
