// Cash or EFTPOS taken at the desk against what a member owes (BILLING.md "Failure, grace and arrears").
// Any amount from one cent up to what is owed: it pays the oldest owed charges first (`allocatePayment`),
// each in full before the next, the last maybe in part. Each charge it reaches gets a successful payment
// processed by the staff member: a charge paid in full by one payment as today (the payment carries the
// charge's amounts), a part of a charge as a payment marked `pays_part` carrying what it paid (amount
// first, then surcharge: `partsOf`). The engine's `settleCharge` marks a charge paid once what was
// collected reaches its total and works out arrears and grace again (grace clears only when nothing is
// owed), each payment a transition of the membership; the membership outbox then restores door access.
// Charges a bank or card payment is still deciding are left to that payment. The page's key makes a
// repeat harmless. The member is emailed one receipt for it (the billing engine's receipt), queued in the
// transaction and sent straight after it.
import type { ManualPaymentBody } from '@gym/domain/api/subscriptions-requests';
import {
  allocatePayment,
  mostPayable,
  partsOf,
  payableAmounts,
  remainderOf,
  tooMuchMessage,
} from '@gym/domain/manual-payment';
import { formatMoney } from '@gym/domain/money';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import { conflict, validationError } from '../../http/app-error';
import type { DoorChange } from '../access-control';
import { drainMembershipOutbox, settleCharge, transition } from '../billing';
import { actionsOf } from './pause.service';
import { subscriptionFor } from './subscription-access';
import * as repo from './subscriptions.repository';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'secrets' | 'providers' | 'mailer' | 'env'>;

const NOTHING_OWED = 'Nothing is owed on this membership.';

const presentCharge = (c: repo.OwedChargeRow, cumulative: number) => ({
  id: c.id,
  kind: c.kind,
  period_start: c.period_start,
  period_end: c.period_end,
  total: c.total,
  formatted_total: formatMoney(c.total),
  collected: c.collected,
  remainder: remainderOf(c),
  formatted_remainder: formatMoney(remainderOf(c)),
  cumulative,
  formatted_cumulative: formatMoney(cumulative),
});

/** What is owed, and the amounts a manual payment may be. */
export async function balanceOf(deps: Pick<AppDeps, 'db'>, actor: Actor, id: number) {
  const sub = await subscriptionFor(deps.db, actor.auth, id);
  const owed = await repo.owedCharges(deps.db, actor.auth.organisationId, sub.id);
  const payable = owed.filter((c) => !c.in_flight);
  const sums = payableAmounts(payable);
  let waiting = 0;
  return {
    balance_owing: sub.balance_owing,
    formatted_balance_owing: formatMoney(sub.balance_owing),
    payable: payable.map((c, i) => presentCharge(c, sums[i]!)),
    payable_total: mostPayable(payable),
    formatted_payable_total: formatMoney(mostPayable(payable)),
    in_flight: owed
      .filter((c) => c.in_flight)
      .map((c) => {
        waiting += remainderOf(c);
        return presentCharge(c, waiting);
      }),
  };
}

export async function recordManualPayment(deps: Deps, actor: Actor, id: number, body: ManualPaymentBody) {
  const now = deps.clock.now();
  const { auth } = actor;
  const prefix = `manual-${body.idempotency_key}-charge-`;
  const outcome = await deps.db.transaction(async (tx) => {
    // The owed charges are locked before the membership, in the order the engine's retries and a
    // provider's answers lock them (charge, then subscription), after the membership is known to be ours.
    await subscriptionFor(tx, auth, id);
    await repo.lockUnpaidCharges(tx, auth.organisationId, id);
    const sub = await subscriptionFor(tx, auth, id, { lock: true });
    const earlier = await repo.paymentsWithKeyPrefix(tx, auth.organisationId, prefix);
    if (earlier.length > 0)
      return {
        payments: earlier,
        graceCleared: false,
        repeated: true,
        receipt: `receipt:payment:${Math.min(...earlier.map((p) => Number(p.id)))}`,
      };
    // Read under the charges' locks: a retry or a provider's answer deciding one has committed, or waits.
    const everything = await repo.owedCharges(tx, auth.organisationId, sub.id);
    const owed = everything.filter((c) => !c.in_flight);
    if (owed.length === 0) throw conflict(NOTHING_OWED);
    const split = allocatePayment(owed, body.amount);
    if (split === null) throw validationError({ amount: [tooMuchMessage(mostPayable(owed))] });
    // Part of what staff could take: the words say so, with what the member still owes (in flight too).
    const part = body.amount < mostPayable(owed);
    const stillOwing = mostPayable(everything) - body.amount;
    const payments: {
      id: number;
      charge_id: number;
      amount: number;
      surcharge: number;
      paid: number;
      completes: boolean;
    }[] = [];
    for (const { charge, pays, completes } of split) {
      // A charge paid whole by this one payment is recorded as it always was; any other share is a part.
      const whole = charge.collected === 0 && pays === charge.total;
      const row = await repo.insertManualPayment(tx, {
        organisationId: sub.organisation_id,
        gymId: sub.gym_id,
        userId: sub.user_id,
        chargeId: charge.id,
        type: body.type,
        idempotencyKey: `${prefix}${charge.id}`,
        processedBy: auth.user.id,
        meta: {
          manual: true,
          ...(body.note ? { note: body.note } : {}),
          ...(part ? { part_payment: true, still_owing: stillOwing } : {}),
        },
        ...(whole
          ? {}
          : {
              part: partsOf(
                charge,
                { amount: charge.collected_amount, surcharge: charge.collected_surcharge },
                pays,
              ),
            }),
        now,
      });
      payments.push({
        id: Number(row!.id),
        charge_id: charge.id,
        amount: row!.amount,
        surcharge: row!.surcharge,
        paid: pays,
        completes,
      });
      await settleCharge(tx, {
        organisationId: auth.organisationId,
        chargeId: charge.id,
        succeeded: true,
        paidInFull: completes,
        now,
      });
    }
    // One transition per payment recorded; the last queues the one receipt for all of them.
    let receipt: string | null = null;
    for (const [i, p] of payments.entries()) {
      receipt = await transition(tx, {
        kind: 'manual_payment_recorded',
        organisationId: auth.organisationId,
        subscriptionId: sub.id,
        userId: sub.user_id,
        now,
        actorUserId: auth.user.id,
        requestId: actor.requestId,
        payment: { id: p.id, status: 'sent' },
        data: {
          type: body.type,
          charge_id: p.charge_id,
          amount: p.paid,
          processed_by: auth.user.id,
          ...(body.note ? { note: body.note } : {}),
          // The whole payment's words on the entry of its last share: "Part payment of $X; $Y still owing".
          ...(part && i === payments.length - 1
            ? { part_payment: true, paid_total: body.amount, still_owing: stillOwing }
            : {}),
        },
        ...(i === payments.length - 1 ? { receiptFor: payments.map((x) => x.id) } : {}),
      });
    }
    const after = await repo.graceEndOf(tx, sub);
    return {
      payments,
      graceCleared: sub.grace_period_ends_at !== null && after?.grace_period_ends_at === null,
      repeated: false,
      receipt,
    };
  });
  // Door access and the receipt now rather than at the next minute's tick (which does them if this fails).
  const doors = await drainMembershipOutbox(deps, {
    subscriptionIds: [id],
    ...(outcome.receipt ? { mailKeys: [outcome.receipt] } : {}),
  });
  const door: DoorChange =
    (['granted', 'revoked', 'no_place', 'failed'] as const).find((k) => doors[k] > 0) ?? 'unchanged';
  return {
    payments: outcome.payments.map((p) => ({
      id: p.id,
      charge_id: p.charge_id,
      amount: Number(p.amount) + Number(p.surcharge),
      formatted_amount: formatMoney(Number(p.amount) + Number(p.surcharge)),
    })),
    grace_cleared: outcome.graceCleared,
    door_access: door,
    subscription: await actionsOf(deps, actor, id),
  };
}
