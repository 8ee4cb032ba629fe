// Test data for payments, visits and the dashboard: a membership with its charges and attempts written
// straight to the tables, as the billing engine would leave them, with every date given by the test.
import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client';
import { charges, payments, type subscriptions } from '../../db/schema/index';
import { createOffering, createPrice, createSubscription } from '../../test/catalogue-factories';

export async function createMembership(
  db: Executor,
  input: {
    organisationId: number;
    gymId: number;
    userId: number;
    amount?: number;
    offeringName?: string;
    subscription?: Partial<typeof subscriptions.$inferInsert>;
  },
) {
  const offering = await createOffering(db, {
    organisationId: input.organisationId,
    allGymsAccess: true,
    ...(input.offeringName ? { name: input.offeringName } : {}),
  });
  const price = await createPrice(db, {
    organisationId: input.organisationId,
    offeringId: offering.id,
    amount: input.amount ?? 2500,
  });
  const subscription = await createSubscription(db, {
    organisationId: input.organisationId,
    gymId: input.gymId,
    userId: input.userId,
    priceId: price.id,
    ...input.subscription,
  });
  return { offering, price, subscription };
}

/** A charge and its attempts, in order; the charge is paid when an attempt was sent. */
export async function createCharge(
  db: Executor,
  input: {
    organisationId: number;
    gymId: number;
    userId: number;
    subscriptionId: number;
    periodStart: string;
    periodEnd?: string;
    amount: number;
    surcharge?: number;
    isProRata?: boolean;
    type?: string;
    paymentTypeId?: number | null;
    /** Written on every attempt as the engine writes it (destination account, term flag, meta). */
    payment?: Partial<typeof payments.$inferInsert>;
    attempts: {
      status: string;
      at: Date;
      errorStatus?: string;
      errorDescription?: string;
      processedBy?: number;
    }[];
  },
) {
  const failed = input.attempts.find((a) => !['sent', 'upcoming', 'pending_request'].includes(a.status));
  const sent = input.attempts.find((a) => a.status === 'sent');
  const [charge] = await db
    .insert(charges)
    .values({
      organisationId: input.organisationId,
      subscriptionId: input.subscriptionId,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd ?? null,
      dueDate: input.periodStart,
      amount: input.amount,
      surcharge: input.surcharge ?? 0,
      isProRata: input.isProRata ?? false,
      status: sent ? 'paid' : 'unpaid',
      firstFailedAt: failed?.at ?? null,
      paidAt: sent?.at ?? null,
    })
    .returning();
  const made = [];
  for (const [i, a] of input.attempts.entries()) {
    const [row] = await db
      .insert(payments)
      .values({
        organisationId: input.organisationId,
        gymId: input.gymId,
        userId: input.userId,
        subscriptionId: input.subscriptionId,
        chargeId: charge!.id,
        paymentTypeId: input.paymentTypeId ?? null,
        type: input.type ?? 'bank_account',
        amount: input.amount,
        surcharge: input.surcharge ?? 0,
        periodStartAt: input.periodStart,
        periodEndAt: input.periodEnd ?? null,
        status: a.status,
        isRetry: i > 0,
        isProRata: input.isProRata ?? false,
        attempt: i + 1,
        idempotencyKey: `test-${randomBytes(6).toString('hex')}`,
        errorStatus: a.errorStatus ?? null,
        errorDescription: a.errorDescription ?? null,
        processedBy: a.processedBy ?? null,
        createdAt: a.at,
        updatedAt: a.at,
        ...input.payment,
      })
      .returning();
    made.push(row!);
  }
  return { charge: charge!, payments: made };
}
