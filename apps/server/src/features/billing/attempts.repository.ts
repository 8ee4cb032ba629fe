// The attempt service's reads and writes: everything sending one attempt needs (the payment, the member's
// bank account or card, the gym, its destination account, the member's Akahu token), and the provider's
// ids written on the attempt once it answers (each only if none is written yet).
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

export interface AttemptContext {
  id: number;
  organisation_id: number;
  gym_id: number;
  user_id: number;
  status: string;
  type: string;
  total: number;
  idempotency_key: string;
  akahu_id: string | null;
  stripe_id: string | null;
  period_start_at: string | null;
  akahu_account_id: string | null;
  bank_status: string | null;
  stripe_customer_id: string | null;
  stripe_payment_method_id: string | null;
  gym_name: string;
  gym_stripe_id: string | null;
  gym_akahu_app_token: string | null;
  gym_akahu_app_secret: string | null;
  destination_name: string | null;
  destination_account_number: string | null;
  sealed_token: string | null;
  created_at: Date | string;
}

/** An attempt, by its organisation (the distribution key, decision 014) and id. */
export type AttemptOf = Pick<AttemptContext, 'id' | 'organisation_id'>;

const CONTEXT_COLUMNS = sql`p.id::int, p.organisation_id::int, p.gym_id::int, p.user_id::int, p.status, p.type,
          p.amount + p.surcharge as total, p.idempotency_key, p.akahu_id, p.stripe_id,
          p.period_start_at::text, ba.akahu_account_id, ba.status as bank_status, c.stripe_customer_id,
          c.stripe_payment_method_id, g.name as gym_name, g.stripe_id as gym_stripe_id,
          g.akahu_app_token as gym_akahu_app_token, g.akahu_app_secret as gym_akahu_app_secret,
          da.name as destination_name, da.bank_account_number as destination_account_number,
          p.created_at,
          (select ac.access_token from akahu_connections ac
            where ac.organisation_id = p.organisation_id and ac.user_id = p.user_id and ac.revoked_at is null
            order by ac.created_at desc, ac.id desc limit 1) as sealed_token
        from payments p
        join gyms g on g.id = p.gym_id
        left join payment_types pt on pt.id = p.payment_type_id and pt.deleted_at is null
        left join bank_accounts ba on ba.payment_type_id = pt.id
        left join cards c on c.payment_type_id = pt.id
        left join destination_accounts da on da.gym_id = p.gym_id`;

/** One attempt's context; null when the organisation has no such payment. */
export async function attemptContextOf(
  db: Executor,
  organisationId: number,
  paymentId: number,
): Promise<AttemptContext | null> {
  const rows = await queryRows<AttemptContext>(
    db,
    sql`select ${CONTEXT_COLUMNS} where p.organisation_id = ${organisationId} and p.id = ${paymentId}`,
  );
  return rows[0] ?? null;
}

/** The contexts of many attempts in one query. */
export function attemptContextsOf(db: Executor, paymentIds: readonly number[]): Promise<AttemptContext[]> {
  return queryRows<AttemptContext>(
    db,
    sql`select ${CONTEXT_COLUMNS} where p.id = any(${`{${paymentIds.join(',')}}`}::bigint[])`,
  );
}

/** Stripe's PaymentIntent id on the attempt, unless it already has one. */
export async function recordStripeId(db: Executor, attempt: AttemptOf, stripeId: string) {
  await db.execute(
    sql`update payments set stripe_id = ${stripeId}
        where organisation_id = ${attempt.organisation_id} and id = ${attempt.id} and stripe_id is null`,
  );
}

/** Akahu's payment ids on many attempts in one statement, each unless it already has them. */
export async function recordAkahuPayments(
  db: Executor,
  rows: readonly { paymentId: number; id: string; sid: string }[],
) {
  if (rows.length === 0) return;
  await db.execute(
    sql`update payments p set akahu_id = x.id, akahu_sid = x.sid
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x("paymentId" bigint, id text, sid text)
        where p.id = x."paymentId" and p.akahu_id is null`,
  );
}

/** Akahu's payment ids on the attempt, unless it already has them. */
export async function recordAkahuPayment(
  db: Executor,
  attempt: AttemptOf,
  made: { id: string; sid: string },
) {
  await db.execute(
    sql`update payments set akahu_id = ${made.id}, akahu_sid = ${made.sid}
        where organisation_id = ${attempt.organisation_id} and id = ${attempt.id} and akahu_id is null`,
  );
}
