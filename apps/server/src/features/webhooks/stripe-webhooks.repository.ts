// Lookups for Stripe events: whose connected account it is (this finds the organisation, so takes
// none), and whether a saved card already holds a PaymentMethod.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cards, gyms } from '../../db/schema/index';

export async function gymOfStripeAccount(db: Executor, accountId: string) {
  const [row] = await db
    .select({ gymId: gyms.id, organisationId: gyms.organisationId })
    .from(gyms)
    .where(eq(gyms.stripeId, accountId));
  return row ?? null;
}

export async function cardHoldsPaymentMethod(
  db: Executor,
  organisationId: number,
  paymentMethodId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: cards.paymentTypeId })
    .from(cards)
    .where(and(eq(cards.organisationId, organisationId), eq(cards.stripePaymentMethodId, paymentMethodId)))
    .limit(1);
  return row !== undefined;
}
