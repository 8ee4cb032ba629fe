// The nightly reconciliation's reads: the attempts to check, batch by batch, whether a drift was already
// written down, the gyms on Stripe and which of a night's keys are ours.
import type { DriftKind } from '@gym/domain/reconciliation';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Row } from '../../db/row-types';
import type { gyms } from '../../db/schema/index';

export const DRIFT_ACTION = 'payment.reconciliation_drift';

export interface Checked {
  id: number;
  organisation_id: number;
  user_id: number;
  status: string;
  total: number;
  akahu_id: string | null;
  stripe_id: string | null;
}

/**
 * The next batch (by id, after `after`) of attempts a provider knows of: those made between `from` and
 * `to` that have an answer or await one, and every older one still pending.
 */
export function attemptsToReconcile(
  db: Executor,
  q: { after: number; from: Date; to: Date; limit: number },
): Promise<Checked[]> {
  return queryRows<Checked>(
    db,
    sql`select id::int, organisation_id::int, user_id::int, status, (amount + surcharge)::int as total,
            akahu_id, stripe_id
          from payments
          where (akahu_id is not null or stripe_id is not null) and id > ${q.after}
            and ((created_at >= ${q.from.toISOString()} and created_at < ${q.to.toISOString()}
                  and status in ('pending_request', 'sent', 'failed', 'refunded'))
              or (status = 'pending_request' and created_at < ${q.from.toISOString()}))
          order by id limit ${q.limit}`,
  );
}

/** Whether this kind of drift was already written down for the payment (empty when not). */
export function paymentDriftSeen(
  db: Executor,
  paymentId: number,
  kind: DriftKind,
): Promise<{ one: number }[]> {
  return queryRows<{ one: number }>(
    db,
    sql`select 1 as one from activity_log
        where subject_type = 'payment' and subject_id = ${paymentId} and action = ${DRIFT_ACTION}
          and data->>'kind' = ${kind}
        limit 1`,
  );
}

/** Every gym connected to Stripe. */
export function gymsOnStripe(
  db: Executor,
): Promise<{ id: number; organisation_id: number; stripe_id: string }[]> {
  // stripe_id is not null here (the where clause), where the schema's column is nullable.
  return queryRows<Pick<Row<typeof gyms>, 'id' | 'organisation_id'> & { stripe_id: string }>(
    db,
    sql`select id::int, organisation_id::int, stripe_id from gyms
        where stripe_id is not null order by id`,
  );
}

/** Which of these idempotency keys the organisation's payments carry. */
export function knownPaymentKeys(
  db: Executor,
  organisationId: number,
  keys: string[],
): Promise<{ idempotency_key: string }[]> {
  return queryRows<{ idempotency_key: string }>(
    db,
    sql`select idempotency_key from payments
          where organisation_id = ${organisationId}
            and idempotency_key = any(${`{${keys.map((k) => `"${k.replace(/"/g, '')}"`).join(',')}}`}::text[])`,
  );
}

/** Whether the stray PaymentIntent was already written down for the gym (empty when not). */
export function strayIntentSeen(
  db: Executor,
  gymId: number,
  paymentIntentId: string,
): Promise<{ one: number }[]> {
  return queryRows<{ one: number }>(
    db,
    sql`select 1 as one from activity_log
            where subject_type = 'gym' and subject_id = ${gymId} and action = ${DRIFT_ACTION}
              and data->>'payment_intent' = ${paymentIntentId}
            limit 1`,
  );
}
