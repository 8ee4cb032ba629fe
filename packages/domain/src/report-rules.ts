// The rules of the owner's reports (issue 29): a membership's price as a monthly amount (what monthly
// recurring revenue adds up), how long a debt has been owed in the buckets the debtors report groups it
// by, and the churn and recovery rates. The server's SQL mirrors monthlyAmount through
// MONTHLY_FACTORS (reports' monthlyAmountSql), checked against this function by its tests.
import type { BillingFrequency } from './billing-frequency';
import { type Cents, formatBasisPoints, mulDivRoundHalfUp } from './money';

/**
 * Periods per month of each frequency, as a fraction: weekly × 52 ÷ 12, fortnightly × 26 ÷ 12, daily
 * × 365 ÷ 12, monthly × 1, every 2 months ÷ 2, quarterly ÷ 3, every 6 months ÷ 6, yearly ÷ 12. A one-off
 * price recurs never: 0.
 */
export const MONTHLY_FACTORS: Record<BillingFrequency, { numerator: number; denominator: number }> = {
  daily: { numerator: 365, denominator: 12 },
  weekly: { numerator: 52, denominator: 12 },
  fortnightly: { numerator: 26, denominator: 12 },
  monthly: { numerator: 1, denominator: 1 },
  bi_monthly: { numerator: 1, denominator: 2 },
  quarterly: { numerator: 1, denominator: 3 },
  twice_yearly: { numerator: 1, denominator: 6 },
  yearly: { numerator: 1, denominator: 12 },
  one_off: { numerator: 0, denominator: 1 },
};

/**
 * A price as a monthly amount in cents: amount × periods a year ÷ 12, rounded once, half up, to the
 * cent ($25.00 weekly → $108.33; $10.01 fortnightly → $21.69 from 21.688…).
 */
export function monthlyAmount(amount: Cents, frequency: BillingFrequency): Cents {
  const { numerator, denominator } = MONTHLY_FACTORS[frequency];
  return mulDivRoundHalfUp(amount, numerator, denominator);
}

/** The debtors report's age buckets: days since the oldest unpaid failed charge fell due. */
export const DEBT_AGE_BUCKETS = ['under_7', '7_14', '15_30', 'over_30'] as const;
export type DebtAgeBucket = (typeof DEBT_AGE_BUCKETS)[number];

export const DEBT_AGE_BUCKET_LABELS: Record<DebtAgeBucket, string> = {
  under_7: 'Under 7 days',
  '7_14': '7–14 days',
  '15_30': '15–30 days',
  over_30: 'Over 30 days',
};

/** Under 7 days (0–6), 7–14, 15–30, over 30 (31 and more). */
export function debtAgeBucket(daysOwed: number): DebtAgeBucket {
  if (!Number.isInteger(daysOwed) || daysOwed < 0) throw new RangeError(`Bad age ${daysOwed}`);
  if (daysOwed < 7) return 'under_7';
  if (daysOwed <= 14) return '7_14';
  if (daysOwed <= 30) return '15_30';
  return 'over_30';
}

/** The least days owed of each bucket, in order (the SQL's bucket bounds). */
export const DEBT_AGE_BUCKET_FROM: Record<DebtAgeBucket, number> = {
  under_7: 0,
  '7_14': 7,
  '15_30': 15,
  over_30: 31,
};

/**
 * A share as basis points (1234 = 12.34 %), rounded half up; null when there is nothing to share
 * (no members at the start of the month, nothing failed).
 */
export function shareBasisPoints(part: number, whole: number): number | null {
  if (!Number.isSafeInteger(part) || !Number.isSafeInteger(whole) || part < 0 || whole < 0)
    throw new RangeError(`Bad share ${part}/${whole}`);
  if (whole === 0) return null;
  return mulDivRoundHalfUp(part, 10_000, whole);
}

/** Churn rate: members lost in a month as a share of those who were members at its start. */
export const churnRate = (lost: number, atStart: number) => shareBasisPoints(lost, atStart);

/** Recovery rate: of what failed, the share later collected (by retries, the member or staff). */
export const recoveryRate = (recovered: number, failed: number) => shareBasisPoints(recovered, failed);

/** '12.34%' for basis points, '–' when there is no rate. */
export const formatRate = (basisPoints: number | null): string =>
  basisPoints === null ? '–' : formatBasisPoints(basisPoints);

/** The months of a period named 'YYYY-MM' from `from` to `to` inclusive. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const [endYear, endMonth] = to.split('-').map(Number) as [number, number];
  while (year < endYear || (year === endYear && month <= endMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}
