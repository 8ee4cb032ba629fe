// The member's ways to pay, and making one the default (the join site's own switch, which re-prices an
// unpaid charge for the new way and logs the member as the actor). Before switching the page shows the
// next payment by each kind, so a card's surcharge is known first.
import type { AccountPaymentMethod, PaymentMethods } from '@gym/domain/api/account';
import { chargeAmount } from '@gym/domain/charge-amount';
import { formatMoney } from '@gym/domain/money';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import { methodLabel, offeredMethodIds, paymentMethods, switchPaymentType } from '../registration';
import { findSubscription } from '../subscriptions';
import * as repo from './account.repository';
import { nextPayment } from './next-payment';

export async function methodsOf(deps: Pick<AppDeps, 'db'>, actor: Actor): Promise<AccountPaymentMethod[]> {
  const { auth } = actor;
  const member = await repo.defaultPaymentTypeOf(deps.db, auth.organisationId, auth.user.id);
  const rows = await paymentMethods(deps.db, auth.organisationId, auth.user.id);
  // A way to pay declined when the member confirmed is not offered again (the join site's rule too).
  const offered = await offeredMethodIds(deps, auth);
  return rows
    .filter((m) => offered.has(m.id))
    .map((m) => ({
      id: m.id,
      type: m.type,
      label: methodLabel(m),
      is_default: m.id === member?.default_payment_type_id,
    }));
}

export async function paymentMethodsOf(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
): Promise<PaymentMethods> {
  const { auth } = actor;
  const methods = await methodsOf(deps, actor);
  const found = await repo.membershipOf(deps.db, auth.organisationId, auth.user.id);
  const sub = found ? await findSubscription(deps.db, auth.organisationId, found.id) : null;
  const gym = await repo.cardSurchargeOfGym(deps.db, auth.organisationId, sub?.gym_id ?? 0);
  const next = sub ? nextPayment(sub, null, deps.clock.now()) : null;
  const byType = (paymentType: string) =>
    chargeAmount({
      priceAmount: next!.amount,
      periodStart: next!.date,
      paymentType,
      cardSurchargeBasisPoints: sub!.card_surcharge_basis_points,
    });
  return {
    methods,
    takes_cards: found?.takes_cards ?? false,
    next_payment_by_type:
      next && sub
        ? {
            bank_account: {
              total: byType('bank_account').total,
              formatted_total: formatMoney(byType('bank_account').total),
            },
            stripe_card: {
              total: byType('stripe_card').total,
              formatted_total: formatMoney(byType('stripe_card').total),
              surcharge: byType('stripe_card').surcharge,
              formatted_surcharge: formatMoney(byType('stripe_card').surcharge),
            },
          }
        : null,
    card_surcharge_text:
      gym?.general_card_surcharge_text ??
      (gym && gym.card_surcharge_basis_points > 0
        ? `Card payments carry a ${gym.card_surcharge_basis_points / 100}% surcharge; bank payments carry none.`
        : null),
  };
}

/** Pay by this saved method from the next charge on (404: not one of the member's own). */
export async function makeDefault(deps: AppDeps, actor: Actor, paymentTypeId: number) {
  await switchPaymentType(deps, actor.auth, paymentTypeId);
  return paymentMethodsOf(deps, actor);
}
