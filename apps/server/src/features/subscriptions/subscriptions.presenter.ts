// A subscription as the actions answer it: its derived state and card colour from the domain, and which
// actions it allows now (the rules decide here, once; the page only shows).
import type { SubscriptionActions } from '@gym/domain/api/subscriptions';
import { isBillingFrequency, isRecurring } from '@gym/domain/billing-frequency';
import { todayInAuckland } from '@gym/domain/calendar-date';
import { formatMoney } from '@gym/domain/money';
import {
  canUndoCancellation,
  cardColour,
  type SubscriptionStateInput,
  subscriptionState,
} from '@gym/domain/subscription-state';
import { isoOrNull } from '../../http/instants';
import type { PauseRow, SubscriptionRow } from './subscriptions.repository';

export function stateInput(sub: SubscriptionRow, pause: PauseRow | null): SubscriptionStateInput {
  return {
    startDate: sub.start_date,
    currentPeriodStart: sub.current_period_start,
    currentPeriodEnd: sub.current_period_end,
    endsAt: sub.ends_at,
    pauseStartAt: pause?.start_date ?? null,
    pauseEndAt: pause?.end_date ?? null,
    cancelledAt: sub.cancelled_at,
    gracePeriodEndsAt: sub.grace_period_ends_at,
    upcomingState: sub.upcoming_state,
    undoCancellationUntil: sub.undo_cancellation_until,
    isTermMembership: sub.is_term_membership,
    termEndsAt: sub.term_ends_at,
  };
}

/** Not charged yet, starting later, not cancelled, on a recurring price: it can start today instead. */
function canStartEarly(sub: SubscriptionRow, now: Date): boolean {
  return (
    sub.cancelled_at === null &&
    sub.current_period_start === null &&
    sub.start_date > todayInAuckland(now) &&
    isBillingFrequency(sub.billing_frequency) &&
    isRecurring(sub.billing_frequency)
  );
}

export function presentActions(sub: SubscriptionRow, pause: PauseRow | null, now: Date): SubscriptionActions {
  const input = stateInput(sub, pause);
  // A membership still being set up on the join site allows nothing yet.
  const closed = sub.cancelled_at !== null || sub.is_staging;
  return {
    id: sub.id,
    user_id: sub.user_id,
    gym_id: sub.gym_id,
    state: subscriptionState(input, now),
    card_colour: cardColour(input, now),
    start_date: sub.start_date,
    current_period_start: sub.current_period_start,
    current_period_end: sub.current_period_end,
    ends_at: sub.ends_at,
    cancelled_at: isoOrNull(sub.cancelled_at),
    cancellation_reasons: sub.cancellation_reasons ?? [],
    cancellation_comments: sub.cancellation_comments,
    undo_cancellation_until: isoOrNull(sub.undo_cancellation_until),
    grace_period_ends_at: sub.grace_period_ends_at,
    balance_owing: sub.balance_owing,
    formatted_balance_owing: formatMoney(sub.balance_owing),
    periods_owing: sub.periods_owing,
    is_term_membership: sub.is_term_membership,
    term_ends_at: sub.term_ends_at,
    price: {
      id: sub.price_id,
      amount: sub.price_amount,
      formatted_amount: formatMoney(sub.price_amount),
      billing_frequency: sub.billing_frequency,
      offering_id: sub.offering_id,
    },
    pause: pause
      ? {
          id: pause.id,
          start_date: pause.start_date,
          end_date: pause.end_date,
          credit_days: pause.credit_days,
          reason: pause.reason,
          status: pause.applied_at === null ? 'scheduled' : 'active',
        }
      : null,
    scheduled_price_change:
      sub.transition_to_price_id !== null &&
      sub.transition_takes_effect_at !== null &&
      sub.transition_amount !== null
        ? {
            price_id: sub.transition_to_price_id,
            takes_effect_at: sub.transition_takes_effect_at,
            amount: sub.transition_amount,
            formatted_amount: formatMoney(sub.transition_amount),
          }
        : null,
    can: {
      pause: !closed && pause === null,
      remove_pause: !closed && pause !== null && pause.applied_at === null,
      cancel: !closed,
      undo_cancellation: canUndoCancellation(input, now),
      change_price: !closed,
      start_early: canStartEarly(sub, now) && sub.payment_type_id !== null,
      record_payment: sub.balance_owing > 0,
    },
    version: sub.version,
  };
}
