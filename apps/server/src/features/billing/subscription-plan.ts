// A subscription row as the billing rules read it: its schedule and pricing, and so the charges still to
// be made up to a day. The run makes exactly these; the expected-payments screen shows them.
import { isBillingFrequency } from '@gym/domain/billing-frequency';
import { type PlannedCharge, plannedCharges } from '@gym/domain/billing-schedule';
import type { CalendarDate } from '@gym/domain/calendar-date';
import type { DueSubscription } from './billing-run.repository';

/**
 * The charges not yet made whose period starts on or before `until` (none for an unknown frequency).
 * `billingDate`: the member's fixed billing date, which the first charge runs to pro-rata (the confirm
 * on the join site passes it, having anchored the subscription on its day); otherwise the one the row
 * was read with (a membership staff added with a billing date, charged first on its start date).
 */
export function planOf(
  sub: DueSubscription,
  until: CalendarDate,
  billingDate: CalendarDate | null = null,
): PlannedCharge[] {
  const frequency = sub.billing_frequency;
  if (!isBillingFrequency(frequency)) return [];
  // A term membership's transition price without a date of its own is the price it continues on as
  // flexi when the term ends (BILLING.md "Cancellation": at the end of a term, transition_to_price).
  const takesEffectAt = sub.transition_takes_effect_at ?? (sub.is_term_membership ? sub.term_ends_at : null);
  return plannedCharges(
    {
      frequency,
      anchorDay: sub.anchor_day,
      startDate: sub.start_date,
      currentPeriodStart: sub.current_period_start,
      currentPeriodEnd: sub.current_period_end,
      endsAt: sub.ends_at,
      termEndsAt: sub.term_ends_at,
      billingDate: billingDate ?? sub.billing_date ?? null,
      // A price of another frequency: its first period starts on the change date (frequencyChangeAt).
      frequencyChange:
        sub.transition_to_price_id !== null &&
        takesEffectAt !== null &&
        isBillingFrequency(sub.transition_frequency) &&
        sub.transition_frequency !== frequency
          ? { frequency: sub.transition_frequency, takesEffectAt }
          : null,
    },
    {
      priceAmount: Number(sub.price_amount),
      forcePriceAmount: sub.force_price_amount === null ? null : Number(sub.force_price_amount),
      transition:
        sub.transition_to_price_id !== null && takesEffectAt !== null && sub.transition_amount !== null
          ? {
              amount: Number(sub.transition_amount),
              takesEffectAt,
              priceId: sub.transition_to_price_id,
            }
          : null,
      paymentType: sub.payment_type ?? 'bank_account',
      cardSurchargeBasisPoints: sub.card_surcharge_basis_points,
      joiningFee: Number(sub.joining_fee),
    },
    until,
  );
}
