// Inserts the simulated charges and every payment attempt at them, keyed as the billing engine keys them.
import type { Executor } from '../client';
import * as s from '../schema/index';
import type { ChargePlan } from './billing-sim';
import { daysBetween, type IsoDate } from './calendar';
import { insertAll, insertReturning } from './insert';
import type { Random } from './random';
import type { Planned } from './seed-members';

export async function seedBilling(
  tx: Executor,
  random: Random,
  planned: Planned[],
  processedBy: Map<number, number>,
) {
  const chargeRows: (typeof s.charges.$inferInsert)[] = [];
  for (const { plan, outcome, subscriptionId } of planned) {
    for (const charge of outcome.charges) {
      const failed = charge.attempts.find((a) => a.status === 'failed');
      const sent = charge.attempts.find((a) => a.status === 'sent' || a.status === 'refunded');
      chargeRows.push({
        organisationId: plan.org.id,
        subscriptionId,
        kind: charge.kind,
        periodStart: charge.periodStart,
        periodEnd: charge.periodEnd,
        dueDate: charge.periodStart,
        amount: charge.amount,
        surcharge: charge.surcharge,
        status: charge.status,
        firstFailedAt: failed?.at ?? null,
        paidAt: sent?.settledAt ?? null,
        createdAt: charge.attempts[0]!.at,
      });
    }
  }
  const inserted = await insertReturning(tx, s.charges, chargeRows, [
    'id',
    'subscriptionId',
    'kind',
    'periodStart',
  ]);
  const chargeIds = new Map(
    inserted.map((c) => [`${c.subscriptionId}:${c.kind}:${c.periodStart}`, Number(c.id)]),
  );

  const payments: (typeof s.payments.$inferInsert)[] = [];
  for (const { plan, outcome, userId, subscriptionId, paymentTypeId } of planned) {
    const bank = plan.paysBy === 'bank_account';
    outcome.charges.forEach((charge, index) => {
      const chargeId = chargeIds.get(`${subscriptionId}:${charge.kind}:${charge.periodStart}`)!;
      const joiningFee = index === 0 ? ((plan.appliedChange?.from ?? plan.price).def.joiningFee ?? 0) : 0;
      for (const a of charge.attempts) {
        const reached = a.status !== 'upcoming';
        payments.push({
          organisationId: plan.org.id,
          gymId: plan.gym.id,
          userId,
          subscriptionId,
          chargeId,
          paymentTypeId,
          destinationAccountId: plan.gym.destinationAccountId,
          type: plan.paysBy,
          amount: charge.amount,
          surcharge: charge.surcharge,
          periodStartAt: charge.kind === 'period' ? charge.periodStart : null,
          periodEndAt: charge.periodEnd,
          status: a.status,
          isRetry: a.isRetry,
          isTermMembership: outcome.termEndsAt !== null && charge.periodStart < outcome.termEndsAt,
          attempt: a.attempt,
          pollCount: a.pollCount,
          idempotencyKey: `seed:${chargeId}:${a.attempt}`,
          akahuId: bank && reached ? `pay_${random.hex(25)}` : null,
          stripeId: !bank && reached ? `pi_${random.hex(24)}` : null,
          errorStatus: a.errorStatus,
          errorDescription: a.errorDescription,
          processedBy: charge.kind === 'break_fee' ? (processedBy.get(plan.org.id) ?? null) : null,
          meta: {
            ...(joiningFee ? { joining_fee: joiningFee } : {}),
            ...(charge.kind === 'break_fee' ? { reason: 'term_break_fee' } : {}),
            ...(a.status === 'refunded'
              ? { refunded: unusedDays(charge, plan.cancelDate!, joiningFee), reason: 'cooling_off' }
              : {}),
          },
          createdAt: a.at,
          updatedAt: a.settledAt,
        });
      }
    });
  }
  await insertAll(tx, s.payments, payments);
  return { charges: chargeRows.length, payments: payments.length };
}

/** Cooling-off refund: the unused days of the period (the joining fee is kept), rounded once, half up. */
function unusedDays(charge: ChargePlan, cancelDate: IsoDate, joiningFee: number): number {
  const days = daysBetween(charge.periodStart, charge.periodEnd!);
  const unused = daysBetween(cancelDate, charge.periodEnd!);
  return Math.floor(((charge.amount - joiningFee) * unused * 2 + days) / (2 * days));
}
