// The member's account home (GET /api/me/account): the membership card as the subscription actions answer
// it (state, colour, pause, what is allowed), with what the member reads beside it: offering and price,
// the next payment by the engine's schedule and price rules (surcharge included), term and cooling-off,
// door access in words, and how they pay.
import type { Account } from '@gym/domain/api/account';
import { billingFrequencyLabel, isBillingFrequency } from '@gym/domain/billing-frequency';
import { todayInAuckland } from '@gym/domain/calendar-date';
import { doorAccessWords } from '@gym/domain/member-door-access';
import { membershipTypeLabel } from '@gym/domain/subscription-state';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import { actionsOf, findSubscription, openPause, stateInput } from '../subscriptions';
import * as repo from './account.repository';
import { nextPayment } from './next-payment';
import { methodsOf } from './payment-method.action';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export const selfServiceOf = (row: repo.SelfServiceRow) => ({
  member_pauses_allowed: row.member_pauses_allowed,
  member_pause_min_days: row.member_pause_min_days,
  member_pause_max_days: row.member_pause_max_days,
  member_pauses_per_year: row.member_pauses_per_year,
  member_pause_notice_days: row.member_pause_notice_days,
  member_online_cancellation: row.member_online_cancellation,
});

export async function accountOf(deps: Deps, actor: Actor): Promise<Account> {
  const { auth } = actor;
  const settings = await repo.organisationSettings(deps.db, auth.organisationId);
  const found = await repo.membershipOf(deps.db, auth.organisationId, auth.user.id);
  const base = { name: auth.user.name, self_service: selfServiceOf(settings) };
  if (!found) return { ...base, membership: null };
  const now = deps.clock.now();
  const sub = (await findSubscription(deps.db, auth.organisationId, found.id))!;
  const pause = await openPause(deps.db, auth.organisationId, sub.id);
  const actions = await actionsOf(deps, actor, sub.id);
  const methods = await methodsOf(deps, actor);
  const state = stateInput(sub, pause);
  return {
    ...base,
    membership: {
      subscription: actions,
      gym: { id: sub.gym_id, name: sub.gym_name },
      offering_name: found.offering_name,
      frequency_label: isBillingFrequency(sub.billing_frequency)
        ? billingFrequencyLabel(sub.billing_frequency)
        : sub.billing_frequency,
      membership_type_label: membershipTypeLabel(state, now),
      cooling_period_ends_at: found.cooling_period_ends_at,
      next_payment: nextPayment(sub, pause, now),
      door_access: doorAccessWords({ ...state, balanceOwing: sub.balance_owing }, now, todayInAuckland(now)),
      payment_method: methods.find((m) => m.id === sub.payment_type_id) ?? null,
      cancelled_online: found.cancelled_online,
    },
  };
}
