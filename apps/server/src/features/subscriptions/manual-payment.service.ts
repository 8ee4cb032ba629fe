// Cash or EFTPOS taken at the desk against what a member owes (BILLING.md "Failure, grace and arrears").
// The amount pays whole owed charges, oldest first (`chargesPaidBy`); each gets a successful attempt
// processed by the staff member, and the engine's `settleCharge` marks it paid and works out arrears and
// grace again (grace clears when nothing is owed), each payment a transition of the membership; the
// membership outbox then restores door access. Charges a
// bank or card payment is still deciding are left to that payment. The page's key makes a repeat harmless.
// The member is emailed one receipt for it (the billing engine's receipt), queued in the transaction and
// sent straight after it.
import type { ManualPaymentBody } from '@gym/domain/api/subscriptions-requests';
import { chargesPaidBy, payableAmounts } from '@gym/domain/manual-payment';
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
    in_flight: owed
      .filter((c) => c.in_flight)
      .map((c) => {
        waiting += c.total;
        return presentCharge(c, waiting);
      }),
  };
}

export async function recordManualPayment(deps: Deps, actor: Actor, id: number, body: ManualPaymentBody) {
  const now = deps.clock.now();
  const { auth } = actor;
  const prefix = `manual-${body.idempotency_key}-charge-`;
  const outcome = await deps.db.transaction(async (tx) => {
    const sub = await subscriptionFor(tx, auth, id, { lock: true });
    const earlier = await repo.paymentsWithKeyPrefix(tx, auth.organisationId, prefix);
    if (earlier.length > 0)
      return {
        payments: earlier,
        graceCleared: false,
        repeated: true,
        receipt: `receipt:payment:${Math.min(...earlier.map((p) => Number(p.id)))}`,
      };
    const owed = (await repo.owedCharges(tx, auth.organisationId, sub.id)).filter((c) => !c.in_flight);
    if (owed.length === 0) throw conflict(NOTHING_OWED);
    const paid = chargesPaidBy(owed, body.amount);
    if (paid === null)
      throw validationError({
        amount: [
          `The amount must pay whole charges, oldest first: ${payableAmounts(owed).map(formatMoney).join(', ')}`,
        ],
      });
    const payments: { id: number; charge_id: number; amount: number; surcharge: number }[] = [];
    for (const charge of paid) {
      const row = await repo.insertManualPayment(tx, {
        gymId: sub.gym_id,
        userId: sub.user_id,
        chargeId: charge.id,
        type: body.type,
        idempotencyKey: `${prefix}${charge.id}`,
        processedBy: auth.user.id,
        meta: { manual: true, ...(body.note ? { note: body.note } : {}) },
        now,
      });
      payments.push({
        id: Number(row!.id),
        charge_id: charge.id,
        amount: row!.amount,
        surcharge: row!.surcharge,
      });
      await settleCharge(tx, {
        organisationId: auth.organisationId,
        chargeId: charge.id,
        succeeded: true,
        now,
      });
    }
    // One transition per payment recorded; the last queues the one receipt for all of them.
    let receipt: string | null = null;
    for (const [i, p] of payments.entries()) {
      const charge = paid.find((c) => c.id === p.charge_id)!;
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
          charge_id: charge.id,
          amount: charge.total,
          processed_by: auth.user.id,
          ...(body.note ? { note: body.note } : {}),
        },
        ...(i === payments.length - 1 ? { receiptFor: payments.map((x) => x.id) } : {}),
      });
    }
    const after = await repo.graceEndOf(tx, sub.id);
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
