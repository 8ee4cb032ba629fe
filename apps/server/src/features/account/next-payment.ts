// The member's next payment: its date by the engine's schedule (after a pause not yet begun, that pause's
// own preview of the moved charge) and its amount by the domain's price rule, card surcharge included.
import { isBillingFrequency } from '@gym/domain/billing-frequency';
import { nextDueDate } from '@gym/domain/billing-schedule';
import { todayInAuckland } from '@gym/domain/calendar-date';
import { chargeAmount } from '@gym/domain/charge-amount';
import { formatMoney } from '@gym/domain/money';
import { type PauseRow, previewPause, type SubscriptionRow } from '../subscriptions';

/** The next charge: its date by the schedule (after a booked pause, the pause's own preview) and amount. */
export function nextPayment(sub: SubscriptionRow, pause: PauseRow | null, now: Date) {
  if (sub.cancelled_at !== null || !isBillingFrequency(sub.billing_frequency)) return null;
  const today = todayInAuckland(now);
  let date = nextDueDate({
    frequency: sub.billing_frequency,
    anchorDay: sub.anchor_day,
    startDate: sub.start_date,
    currentPeriodStart: sub.current_period_start,
    currentPeriodEnd: sub.current_period_end,
    endsAt: sub.ends_at,
    termEndsAt: sub.term_ends_at,
  });
  if (date === null) return null;
  if (pause && pause.applied_at === null && date >= pause.start_date) {
    const preview = previewPause(sub, pause.start_date, pause.end_date, today);
    date = preview.next_charge_date;
    if (date === null) return null;
  }
  const amount = chargeAmount({
    priceAmount: sub.price_amount,
    forcePriceAmount: sub.force_price_amount,
    transition:
      sub.transition_amount !== null && sub.transition_takes_effect_at !== null
        ? { amount: sub.transition_amount, takesEffectAt: sub.transition_takes_effect_at }
        : null,
    periodStart: date,
    paymentType: sub.payment_type ?? 'bank_account',
    cardSurchargeBasisPoints: sub.card_surcharge_basis_points,
  });
  return {
    date,
    amount: amount.amount,
    surcharge: amount.surcharge,
    total: amount.total,
    formatted_total: formatMoney(amount.total),
  };
}
