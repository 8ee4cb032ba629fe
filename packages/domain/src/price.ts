// Derived fields of a Price (spec section 3): what the API adds beside the stored columns.
import { type BillingFrequency, PERIOD_LENGTH } from './billing-frequency';
import {
  assertCents,
  type BasisPoints,
  type Cents,
  formatBasisPoints,
  formatMoney,
  mulDivRoundHalfUp,
  percentOf,
} from './money';
import { formatTerm, hasTerm, shortTermLabel, type Term, type TermUnit } from './term';

export interface PriceFields extends Term {
  /** Cents per period. */
  amount: Cents;
  billingFrequency: BillingFrequency;
  /** Cents, charged once with the first payment; 0 when none. */
  joiningFee: Cents | null | undefined;
}

export interface PriceDerivedFields {
  formatted_amount: string;
  formatted_joining_fee: string;
  is_term_membership: boolean;
  formatted_term: string | null;
  short_term_label: string | null;
  total_value: Cents;
  formatted_total_value: string;
  /** Card surcharge on one period's amount, in cents. */
  surcharge: Cents;
  formatted_surcharge: string;
  formatted_surcharge_rate: string;
  formatted_amount_with_surcharge: string;
}

/** The card surcharge on an amount: the gym's rate in basis points (250 = 2.5 %), rounded half up. */
export function cardSurcharge(amount: Cents, surchargeBasisPoints: BasisPoints): Cents {
  assertCents(amount);
  if (!Number.isInteger(surchargeBasisPoints) || surchargeBasisPoints < 0) {
    throw new RangeError(`Bad surcharge rate ${surchargeBasisPoints}`);
  }
  return percentOf(amount, surchargeBasisPoints);
}

/**
 * How many charges a term is worth. When term and period are measured alike (days and weeks against
 * daily/weekly/fortnightly; months and years against monthly … yearly) it is the exact count of charges
 * falling due in the term (rounded up: a 10-day term billed weekly is charged twice). When they differ
 * the count depends on the start date, so we use the nominal figure a gym advertises: a year is 365
 * days, a month 365/12 days, rounded half up: 12 months weekly = 52 charges, 6 months fortnightly = 13.
 * A one-off price is one charge whatever the term.
 */
export function periodsInTerm(
  term: { termAmount: number; termUnit: TermUnit },
  frequency: BillingFrequency,
): number {
  if (frequency === 'one_off') return 1;
  const period = PERIOD_LENGTH[frequency];
  const termDays =
    term.termUnit === 'days' ? term.termAmount : term.termUnit === 'weeks' ? term.termAmount * 7 : null;
  const termMonths =
    term.termUnit === 'months' ? term.termAmount : term.termUnit === 'years' ? term.termAmount * 12 : null;
  let count: number;
  if ('days' in period) {
    count =
      termDays !== null
        ? Math.ceil(termDays / period.days)
        : mulDivRoundHalfUp(termMonths ?? 0, 365, 12 * period.days);
  } else {
    count =
      termMonths !== null
        ? Math.ceil(termMonths / period.months)
        : mulDivRoundHalfUp(termDays ?? 0, 12, 365 * period.months);
  }
  return Math.max(1, count);
}

/**
 * total_value: what joining commits a member to, in cents. For a term membership, the joining fee plus
 * the amount for every charge in the term (periodsInTerm); for a flexi price, the joining fee plus one
 * period (the first payment), as a flexi member may leave after it. Surcharges are not included.
 */
export function totalValue(price: PriceFields): Cents {
  assertCents(price.amount);
  const joiningFee = price.joiningFee ?? 0;
  const periods = hasTerm(price) ? periodsInTerm(price, price.billingFrequency) : 1;
  return joiningFee + price.amount * periods;
}

export function priceDerivedFields(
  price: PriceFields,
  surchargeBasisPoints: BasisPoints = 0,
): PriceDerivedFields {
  const surcharge = cardSurcharge(price.amount, surchargeBasisPoints);
  const total = totalValue(price);
  return {
    formatted_amount: formatMoney(price.amount),
    formatted_joining_fee: formatMoney(price.joiningFee ?? 0),
    is_term_membership: hasTerm(price),
    formatted_term: formatTerm(price),
    short_term_label: shortTermLabel(price),
    total_value: total,
    formatted_total_value: formatMoney(total),
    surcharge,
    formatted_surcharge: formatMoney(surcharge),
    formatted_surcharge_rate: formatBasisPoints(surchargeBasisPoints),
    formatted_amount_with_surcharge: formatMoney(price.amount + surcharge),
  };
}
