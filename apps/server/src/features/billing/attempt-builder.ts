// The attempts the engine makes, built in one place: the first attempt at a planned charge (the daily
// run's charges and the join site's first payment) and a new attempt at a charge already tried (the
// run's retries and the member's confirm after a decline). Both are written by `insertAttempts`.
import type { PlannedCharge } from '@gym/domain/billing-schedule';
import { isWithinTerm } from '@gym/domain/term';
import type { DueSubscription, latestAttempt, NewAttempt } from './billing-run.repository';

export type AttemptRow = Omit<NewAttempt, 'now'>;

/** The first attempt at a charge the plan made for `sub`, by the subscription's payment method. */
export function firstAttempt(sub: DueSubscription, planned: PlannedCharge, chargeId: number): AttemptRow {
  return {
    organisationId: sub.organisation_id,
    gymId: sub.gym_id,
    userId: sub.user_id,
    subscriptionId: sub.id,
    chargeId,
    paymentTypeId: sub.payment_type_id,
    destinationAccountId: sub.destination_account_id,
    type: sub.payment_type ?? 'bank_account',
    amount: planned.amount,
    surcharge: planned.surcharge,
    periodStart: planned.period.start,
    periodEnd: planned.period.end,
    isRetry: false,
    isTermMembership: isWithinTerm(
      { isTermMembership: sub.is_term_membership, termEndsAt: sub.term_ends_at },
      planned.period.start,
    ),
    attempt: 1,
    isProRata: planned.proRata,
    forceAmount: planned.forcedAmount,
    // The charge was just made: nobody has paid any of it yet.
    paysPart: false,
    meta: planned.joiningFee > 0 ? { joining_fee: planned.joiningFee } : {},
  };
}

type LastAttempt = NonNullable<Awaited<ReturnType<typeof latestAttempt>>>;

/**
 * A new attempt at a charge already tried: like the last one, by the payment method the subscription
 * holds now (the member may have changed it), at the charge's price for that method.
 */
export function nextAttempt(
  last: LastAttempt,
  charge: { id: number; subscriptionId: number; lastAttempt: number },
  priced: { amount: number; surcharge: number },
  meta: Record<string, unknown> = last.meta ?? {},
): AttemptRow {
  return {
    organisationId: last.organisation_id,
    gymId: last.gym_id,
    userId: last.user_id,
    subscriptionId: charge.subscriptionId,
    chargeId: charge.id,
    paymentTypeId: last.payment_type_id,
    destinationAccountId: last.destination_account_id,
    type: last.payment_type ?? last.type,
    amount: priced.amount,
    surcharge: priced.surcharge,
    periodStart: last.period_start_at,
    periodEnd: last.period_end_at,
    isRetry: true,
    isTermMembership: last.is_term_membership,
    attempt: charge.lastAttempt + 1,
    forceAmount: last.force_amount,
    meta,
  };
}
