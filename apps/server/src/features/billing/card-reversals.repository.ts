// Card reversals' reads and writes: the card payment locked by its payment intent, its charge owed again
// or paid again, the dispute written on the payment, and what the product already refunded of it.
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Row } from '../../db/row-types';
import type { payments } from '../../db/schema/index';

/** A card payment as its reversal reads it. */
export type LockedCardPayment = Pick<
  Row<typeof payments>,
  'id' | 'user_id' | 'status' | 'charge_id' | 'subscription_id' | 'amount' | 'surcharge'
> & {
  /** The schema's jsonb is `unknown`; a payment's meta is always an object. */
  meta: Record<string, unknown>;
};

/** The organisation's first payment with this Stripe payment intent, locked; null when there is none. */
export async function lockByIntent(tx: Executor, organisationId: number, paymentIntentId: string) {
  const [row] = await queryRows<LockedCardPayment>(
    tx,
    sql`select id::int, user_id::int, status, charge_id::int, subscription_id::int, amount, surcharge, meta
        from payments where organisation_id = ${organisationId} and stripe_id = ${paymentIntentId}
        order by id limit 1 for update`,
  );
  return row ?? null;
}

/** The charge owed again (unpaid, failing from now if not before), or paid again as of `now`. */
export async function setChargeStatus(
  tx: Executor,
  organisationId: number,
  chargeId: number,
  owed: boolean,
  now: Date,
) {
  await tx.execute(
    owed
      ? sql`update charges set status = 'unpaid', paid_at = null,
              first_failed_at = coalesce(first_failed_at, ${now.toISOString()}::timestamptz)
            where organisation_id = ${organisationId} and id = ${chargeId}`
      : sql`update charges set status = 'paid', paid_at = ${now.toISOString()}
            where organisation_id = ${organisationId} and id = ${chargeId}`,
  );
}

/** The payment disputed: its status, error and the dispute in its meta. */
export async function markDisputed(
  tx: Executor,
  paymentId: number,
  errorStatus: string,
  dispute: { disputeId: string; reason: string; amountCents: number },
  now: Date,
) {
  await tx.execute(
    sql`update payments set status = 'disputed', error_status = ${errorStatus},
          error_description = ${`The cardholder disputed this payment with their bank (${dispute.reason}).`},
          meta = meta || ${JSON.stringify({ dispute: { id: dispute.disputeId, reason: dispute.reason, status: 'open', amount: dispute.amountCents } })}::jsonb,
          updated_at = ${now.toISOString()}
        where id = ${paymentId}`,
  );
}

/** A dispute closed: won, the payment is sent again; lost, it stays disputed and owed. */
export async function markDisputeClosed(
  tx: Executor,
  paymentId: number,
  won: boolean,
  meta: Record<string, unknown>,
  now: Date,
) {
  await tx.execute(
    won
      ? sql`update payments set status = 'sent', error_status = null, error_description = null,
              meta = meta || ${JSON.stringify(meta)}::jsonb, updated_at = ${now.toISOString()}
            where id = ${paymentId}`
      : sql`update payments set meta = meta || ${JSON.stringify(meta)}::jsonb,
              error_description = 'The cardholder’s bank decided the dispute for them: the payment stays owed.',
              updated_at = ${now.toISOString()}
            where id = ${paymentId}`,
  );
}

/** What the product already recorded as refunded of the payment, and the payment's gym. */
export async function refundedOfPayment(
  tx: Executor,
  organisationId: number,
  paymentId: number,
): Promise<{ total: number; gym_id: number } | undefined> {
  const [recorded] = await queryRows<{ total: number; gym_id: number }>(
    tx,
    sql`select coalesce((select sum(amount) from payment_refunds
                          where organisation_id = ${organisationId} and payment_id = ${paymentId}), 0)::int as total,
               gym_id::int
        from payments where id = ${paymentId}`,
  );
  return recorded;
}
