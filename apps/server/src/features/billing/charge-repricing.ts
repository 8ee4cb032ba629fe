// An unpaid charge follows the way its member pays now: a member whose card was declined and who then
// connects a bank account is not charged the card surcharge (domain surchargeForPaymentType). Only a
// charge with no attempt in flight is changed (an attempt on its way was sent for the old amount), in the
// caller's transaction with the charge row locked; doing it again changes nothing. The subscription's
// arrears are worked out again when a charge that counts in them changed. A charge staff took part of at
// the desk keeps its price (what was collected was against it), and what it answers is what an attempt
// still asks for: the charge less its part payments (`remainingParts`).
import { surchargeForPaymentType } from '@gym/domain/charge-amount';
import { remainingParts } from '@gym/domain/manual-payment';
import { sql } from 'drizzle-orm';
import { appendActivity } from '../../db/activity';
import { type Executor, queryRows } from '../../db/client';
import { collectedAmountOf, collectedSurchargeOf, refreshStanding } from './charge-settlement';

export interface RepricedCharge {
  id: number;
  /** What an attempt asks for: the charge's amount and surcharge less what part payments collected. */
  amount: number;
  surcharge: number;
}

interface ChargeRow {
  id: number;
  amount: number;
  surcharge: number;
  user_id: number;
  payment_type: string | null;
  card_surcharge_basis_points: number;
  in_flight: boolean;
  collected_amount: number;
  collected_surcharge: number;
}

/**
 * Re-prices the subscription's unpaid charges (or only `chargeId`) for the payment method the
 * subscription holds now; answers each such charge with its amount and surcharge after. A subscription
 * without a payment method keeps its charges as they are.
 */
export async function repriceUnpaidCharges(
  tx: Executor,
  input: {
    organisationId: number;
    subscriptionId: number;
    chargeId?: number;
    actorUserId: number | null;
    now: Date;
  },
): Promise<RepricedCharge[]> {
  const { organisationId, subscriptionId, now } = input;
  const rows = await queryRows<ChargeRow>(
    tx,
    sql`select c.id::int, c.amount, c.surcharge, s.user_id::int, pt.type as payment_type,
          g.card_surcharge_basis_points,
          exists (select 1 from payments p where p.charge_id = c.id
                    and p.status in ('upcoming', 'pending_request')) as in_flight,
          ${collectedAmountOf}::int as collected_amount, ${collectedSurchargeOf}::int as collected_surcharge
        from charges c
        join subscriptions s on s.id = c.subscription_id
        join gyms g on g.id = s.gym_id
        left join payment_types pt on pt.id = s.payment_type_id and pt.deleted_at is null
        where c.organisation_id = ${organisationId} and c.subscription_id = ${subscriptionId}
          and c.status = 'unpaid' ${input.chargeId === undefined ? sql`` : sql`and c.id = ${input.chargeId}`}
        order by c.id
        for update of c`,
  );
  const answer: RepricedCharge[] = [];
  let changed = false;
  for (const row of rows) {
    const amount = Number(row.amount);
    const before = Number(row.surcharge);
    const collected = { amount: Number(row.collected_amount), surcharge: Number(row.collected_surcharge) };
    const partPaid = collected.amount + collected.surcharge > 0;
    const surcharge =
      row.payment_type === null || row.in_flight || partPaid
        ? before
        : surchargeForPaymentType({
            amount,
            surcharge: before,
            paymentType: row.payment_type,
            cardSurchargeBasisPoints: Number(row.card_surcharge_basis_points),
          });
    answer.push({ id: row.id, ...remainingParts({ amount, surcharge }, collected) });
    if (surcharge === before) continue;
    changed = true;
    await tx.execute(
      sql`update charges set surcharge = ${surcharge}
          where organisation_id = ${organisationId} and id = ${row.id}`,
    );
    await appendActivity(tx, {
      organisationId,
      actorUserId: input.actorUserId,
      userId: row.user_id,
      subjectType: 'subscription',
      subjectId: subscriptionId,
      action: 'charge.repriced_for_payment_type',
      data: { charge_id: row.id, payment_type: row.payment_type, surcharge_was: before, surcharge },
      createdAt: now,
    });
  }
  if (changed) await refreshStanding(tx, organisationId, subscriptionId, now);
  return answer;
}
