// What one charge is for (BILLING.md "Payments and attempts"): fixed when the charge is first created.
import type { CalendarDate } from './calendar-date';
import { assertCents, type BasisPoints, type Cents, percentOf } from './money';

/** Payment types that carry the gym's card surcharge; bank payments carry none. */
export const SURCHARGED_PAYMENT_TYPES = ['stripe_card'] as const;

export const isSurchargedPaymentType = (paymentType: string): boolean =>
  (SURCHARGED_PAYMENT_TYPES as readonly string[]).includes(paymentType);

export interface ChargeAmountInput {
  /** The subscription's price amount, cents per period. */
  priceAmount: Cents;
  /** A staff override of the price for this subscription. */
  forcePriceAmount?: Cents | null;
  /** A scheduled price change: applies to periods starting on or after the date. */
  transition?: { amount: Cents; takesEffectAt: CalendarDate } | null;
  periodStart: CalendarDate;
  paymentType: string;
  cardSurchargeBasisPoints: BasisPoints;
}

export interface ChargeAmount {
  amount: Cents;
  surcharge: Cents;
  total: Cents;
}

/**
 * The price in effect for a period. A scheduled change that has taken effect wins over an older
 * force_price_amount, since staff scheduled it later; otherwise the override, then the price.
 */
export function priceInEffect(
  input: Omit<ChargeAmountInput, 'paymentType' | 'cardSurchargeBasisPoints'>,
): Cents {
  const { transition, priceAmount, periodStart } = input;
  if (transition && transition.takesEffectAt <= periodStart) return assertCents(transition.amount);
  return forcedPriceInEffect(input) ?? assertCents(priceAmount);
}

/**
 * The staff override that prices the period, or null when the price (or a scheduled change that has
 * taken effect, which wins over it) does: what a payment records as its `force_amount`.
 */
export function forcedPriceInEffect(
  input: Omit<ChargeAmountInput, 'paymentType' | 'cardSurchargeBasisPoints'>,
): Cents | null {
  const { transition, forcePriceAmount, periodStart } = input;
  if (transition && transition.takesEffectAt <= periodStart) return null;
  if (forcePriceAmount === null || forcePriceAmount === undefined) return null;
  return assertCents(forcePriceAmount);
}

export function chargeAmount(input: ChargeAmountInput): ChargeAmount {
  const amount = priceInEffect(input);
  const surcharge = isSurchargedPaymentType(input.paymentType)
    ? percentOf(amount, input.cardSurchargeBasisPoints)
    : 0;
  return { amount, surcharge, total: amount + surcharge };
}

/**
 * The surcharge of an unpaid charge when it is next attempted with `paymentType` (the member changed how
 * they pay after a failed attempt). The surcharge follows the way of paying: a bank account carries
 * none, so a card charge moved to a bank account drops it; a charge moved to a card carries the gym's
 * rate on the charge's amount. Staying on a surcharged way (card to card) keeps the surcharge the charge
 * was made with, since a charge's amount is fixed when it is made.
 */
export function surchargeForPaymentType(input: {
  /** The charge's amount (joining fee included), cents, without the surcharge. */
  amount: Cents;
  /** The surcharge the charge carries now. */
  surcharge: Cents;
  paymentType: string;
  cardSurchargeBasisPoints: BasisPoints;
}): Cents {
  assertCents(input.amount);
  if (!isSurchargedPaymentType(input.paymentType)) return 0;
  if (input.surcharge > 0) return assertCents(input.surcharge);
  return percentOf(input.amount, input.cardSurchargeBasisPoints);
}
