// POST /api/prices/{price_id}/pro-rata: the first charge for a start between billing dates, worked out by
// @gym/domain's proRata (BILLING.md "First payment and pro-rata").
import {
  type BillingFrequency,
  type CalendarDate,
  formatMoney,
  isRecurring,
  periodEnd,
  proRata,
} from '@gym/domain';
import type { ProRata } from '@gym/domain/api/prices';
import { BILLING_DATE_PROBLEMS, billingDateProblem } from '@gym/domain/billing-schedule';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { conflict, notFound, validationError } from '../../http/app-error';
import { lockPrice } from './prices.repository';

const ONE_OFF_NO_PRO_RATA = 'A one-off price is charged once in full, so there is nothing to pro-rate.';

export async function proRataForPrice(
  deps: AppDeps,
  auth: AuthContext,
  priceId: number,
  body: { start_date: CalendarDate; billing_date: CalendarDate | null },
): Promise<ProRata> {
  const price = await lockPrice(deps.db, auth.organisationId, priceId, false);
  if (!price) throw notFound('Price not found.');
  const frequency = price.billingFrequency as BillingFrequency;
  if (!isRecurring(frequency)) throw conflict(ONE_OFF_NO_PRO_RATA);
  const start = body.start_date;
  const billing = body.billing_date;
  const problem = billingDateProblem({ frequency, startDate: start, billingDate: billing });
  if (problem !== null) throw validationError({ billing_date: [BILLING_DATE_PROBLEMS[problem]] });
  // Without a fixed billing date the first period starts on the start date: a full period.
  const result =
    billing === null
      ? proRata({
          amount: price.amount,
          frequency,
          startDate: start,
          periodStart: start,
          periodEnd: periodEnd(start, frequency),
        })
      : proRata({ amount: price.amount, frequency, startDate: start, periodEnd: billing });
  // Starting on the billing date itself, the first charge is that day's full period.
  const firstPeriodCharge = result.remainingDays === 0 ? price.amount : result.amount;
  const firstPayment = price.joiningFee + firstPeriodCharge;
  return {
    price_id: price.id,
    start_date: start,
    billing_date: result.periodEnd,
    period_start: result.periodStart,
    period_end: result.periodEnd,
    period_days: result.periodDays,
    remaining_days: result.remainingDays,
    full_amount: result.fullAmount,
    formatted_full_amount: formatMoney(result.fullAmount),
    amount: result.amount,
    formatted_amount: formatMoney(result.amount),
    joining_fee: price.joiningFee,
    formatted_joining_fee: formatMoney(price.joiningFee),
    first_payment: firstPayment,
    formatted_first_payment: formatMoney(firstPayment),
    explanation: result.explanation,
  };
}
