// Payment attempts as provider reports move them. `ownerOfAkahuPayment` finds which organisation a
// provider's payment id belongs to (that is what it discovers, so it takes none); the rest are scoped.
import { and, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import { appendActivity } from '../../db/activity';
import type { Executor } from '../../db/client';
import { akahuConnections, gyms, payments } from '../../db/schema/index';

export interface PaymentOwner {
  id: number;
  organisationId: number;
  gymId: number;
  userId: number;
}

export async function ownerOfAkahuPayment(db: Executor, akahuId: string): Promise<PaymentOwner | null> {
  const [row] = await db
    .select({
      id: payments.id,
      organisationId: payments.organisationId,
      gymId: payments.gymId,
      userId: payments.userId,
    })
    .from(payments)
    .where(eq(payments.akahuId, akahuId))
    .limit(1);
  return row ?? null;
}

/** The member's live Akahu connection (newest first), its token still sealed. */
export async function liveAkahuConnection(db: Executor, organisationId: number, userId: number) {
  const [row] = await db
    .select({ id: akahuConnections.id, sealedToken: akahuConnections.accessToken })
    .from(akahuConnections)
    .where(
      and(
        eq(akahuConnections.organisationId, organisationId),
        eq(akahuConnections.userId, userId),
        isNull(akahuConnections.revokedAt),
      ),
    )
    .orderBy(desc(akahuConnections.createdAt), desc(akahuConnections.id))
    .limit(1);
  return row ?? null;
}

/** The gym's own Akahu app, when it has one (its secret still sealed). */
export async function gymAkahuApp(db: Executor, organisationId: number, gymId: number) {
  const [row] = await db
    .select({ appToken: gyms.akahuAppToken, sealedSecret: gyms.akahuAppSecret })
    .from(gyms)
    .where(and(eq(gyms.organisationId, organisationId), eq(gyms.id, gymId)));
  return row?.appToken && row.sealedSecret
    ? { appToken: row.appToken, sealedSecret: row.sealedSecret }
    : null;
}

export type PaymentLocator =
  /** Our own attempt, by id (the billing run's answer from a provider call). */
  | { paymentId: number }
  | { akahuId: string }
  /** Stripe may answer before our write of its id: the attempt's idempotency key also finds it. */
  | { stripeId: string; idempotencyKey?: string | null | undefined };

function located(locator: PaymentLocator): SQL | undefined {
  if ('paymentId' in locator) return eq(payments.id, locator.paymentId);
  if ('akahuId' in locator) return eq(payments.akahuId, locator.akahuId);
  const byId = eq(payments.stripeId, locator.stripeId);
  return locator.idempotencyKey
    ? or(byId, and(isNull(payments.stripeId), eq(payments.idempotencyKey, locator.idempotencyKey)))
    : byId;
}

/** The payment, locked until the transaction ends, so two reports about it apply one after the other. */
export async function lockPayment(tx: Executor, organisationId: number, locator: PaymentLocator) {
  const [row] = await tx
    .select({
      id: payments.id,
      userId: payments.userId,
      status: payments.status,
      stripeId: payments.stripeId,
      chargeId: payments.chargeId,
      subscriptionId: payments.subscriptionId,
      meta: payments.meta,
    })
    .from(payments)
    .where(and(eq(payments.organisationId, organisationId), located(locator)))
    .orderBy(payments.id)
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function setPaymentStatus(
  tx: Executor,
  organisationId: number,
  paymentId: number,
  change: {
    status: string;
    errorStatus: string | null;
    errorDescription: string | null;
    stripeId?: string | undefined;
    now: Date;
  },
): Promise<void> {
  await tx
    .update(payments)
    .set({
      status: change.status,
      errorStatus: change.errorStatus,
      errorDescription: change.errorDescription,
      ...(change.stripeId ? { stripeId: change.stripeId } : {}),
      updatedAt: change.now,
    })
    .where(and(eq(payments.organisationId, organisationId), eq(payments.id, paymentId)));
}

export async function logProviderActivity(
  tx: Executor,
  organisationId: number,
  entry: {
    userId: number;
    subjectType: 'payment' | 'akahu_connection';
    subjectId: number;
    action: string;
    data: Record<string, unknown>;
    requestId: string | null;
    /** The application clock's now (a travelling clock in a sandbox). */
    createdAt?: Date;
  },
): Promise<void> {
  await appendActivity(tx, { organisationId, actorUserId: null, ...entry });
}
