// The owner's reports (issue 29): GET /api/reports/recurring-revenue, /churn, /collections, /debtors and
// /forecast, each also as CSV at …/export. Every figure is worked out on the server from the recorded
// transitions and charges; these are the shapes both sides check.
import { z } from 'zod';
import { DEBT_AGE_BUCKETS } from '../report-rules';
import { pageMeta } from './envelope';

/** The longest period a monthly report covers. */
export const REPORT_MAX_MONTHS = 24;
/** The forecast's longest reach. */
export const FORECAST_MAX_DAYS = 60;

const gymId = z.coerce
  .number({ error: 'Choose a gym' })
  .int({ error: 'Choose a gym' })
  .positive({ error: 'Choose a gym' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'Choose a gym' })
  .optional();

const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Give a month as YYYY-MM' })
  .refine((m) => m >= '2000-01' && m <= '2100-12', { error: 'Give a month between 2000 and 2100' });

const monthsApart = (from: string, to: string) => {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
};

/** gym_id, and a period of whole months from `from` to `to` (both YYYY-MM; the server fills them in). */
export const monthlyReportQuery = z
  .object({ gym_id: gymId, from: month.optional(), to: month.optional() })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end comes before the start' });
    else if (q.from && q.to && monthsApart(q.from, q.to) >= REPORT_MAX_MONTHS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose at most ${REPORT_MAX_MONTHS} months` });
  });
export type MonthlyReportQuery = z.infer<typeof monthlyReportQuery>;

const period = z.object({ from: z.string(), to: z.string(), months: z.array(z.string()) });

/** A number of charges and their amount in cents. */
const figure = z.object({ count: z.number().int(), amount: z.number().int() });
export type Figure = z.infer<typeof figure>;

// Recurring revenue.
export const recurringRevenueMonth = z.object({
  month: z.string(),
  /** Monthly recurring revenue at the month's end, cents: each active membership's monthly amount. */
  mrr: z.number().int(),
  /** Members paying at the month's end. */
  members: z.number().int(),
  new: z.number().int(),
  expansion: z.number().int(),
  contraction: z.number().int(),
  churned: z.number().int(),
  reactivated: z.number().int(),
  /** new + expansion + reactivated − contraction − churned: the change since the month before. */
  net: z.number().int(),
});
export type RecurringRevenueMonth = z.infer<typeof recurringRevenueMonth>;
export const recurringRevenue = z.object({
  period,
  /** MRR at the end of the month before the period. */
  opening_mrr: z.number().int(),
  months: z.array(recurringRevenueMonth),
});
export type RecurringRevenue = z.infer<typeof recurringRevenue>;
export const recurringRevenueAnswer = z.object({ data: recurringRevenue });

// Churn.
const reasonCount = z.object({ reason: z.string(), label: z.string(), count: z.number().int() });
export const churnMonth = z.object({
  month: z.string(),
  members_at_start: z.number().int(),
  lost: z.number().int(),
  /** Cancelled by staff or the member. */
  voluntary: z.number().int(),
  /** Cancelled for non-payment at the end of grace. */
  non_payment: z.number().int(),
  /** lost ÷ members at start, basis points; null with no members at the start. */
  rate: z.number().int().nullable(),
  reasons: z.array(reasonCount),
});
export type ChurnMonth = z.infer<typeof churnMonth>;
export const churn = z.object({ period, months: z.array(churnMonth), reasons: z.array(reasonCount) });
export type Churn = z.infer<typeof churn>;
export const churnAnswer = z.object({ data: churn });

// Collections.
export const collectionsFigures = z.object({
  due: figure,
  first_time: figure,
  /** Collected after a failure by the engine's scheduled retries. */
  by_retries: figure,
  /** Collected after a failure by the member: pay-now, or their fix link's new payment method. */
  by_member: figure,
  /** Collected after a failure by staff: retry now, or a payment taken at the desk. */
  by_staff: figure,
  written_off: figure,
  /** Failed and still unpaid. */
  outstanding: figure,
  /** Not yet tried, or on its way. */
  pending: figure,
  failed: figure,
  /** Recovered (retries, member, staff) ÷ failed, by amount, basis points. */
  recovery_rate: z.number().int().nullable(),
});
export type CollectionsFigures = z.infer<typeof collectionsFigures>;
export const COLLECTION_RAILS = ['bank', 'card', 'other'] as const;
export const COLLECTION_RAIL_LABELS = { bank: 'Bank', card: 'Card', other: 'Other' } as const;
export const collections = z.object({
  period,
  total: collectionsFigures,
  months: z.array(collectionsFigures.extend({ month: z.string() })),
  rails: z.array(collectionsFigures.extend({ rail: z.enum(COLLECTION_RAILS), label: z.string() })),
  /** Failed charges by the first failure's kind. */
  failures: z.array(
    collectionsFigures.extend({ code: z.string(), label: z.string(), kind: z.enum(['soft', 'hard']) }),
  ),
});
export type Collections = z.infer<typeof collections>;
export const collectionsAnswer = z.object({ data: collections });

// Debtors.
export const debtorsQuery = z.object({
  gym_id: gymId,
  bucket: z.enum(DEBT_AGE_BUCKETS, { error: `Choose one of: ${DEBT_AGE_BUCKETS.join(', ')}` }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type DebtorsQuery = z.infer<typeof debtorsQuery>;
export const debtor = z.object({
  subscription_id: z.number(),
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  gym: z.string(),
  balance_owing: z.number().int(),
  periods_owing: z.number().int(),
  /** The oldest unpaid failed charge's due date. */
  owing_since: z.string().nullable(),
  days_owed: z.number().int(),
  bucket: z.enum(DEBT_AGE_BUCKETS),
  grace_period_ends_at: z.string().nullable(),
  /** The last payment mail sent to the member (failure, grace ending, reminder), if any. */
  last_reminder_at: z.string().nullable(),
  last_reminder: z.string().nullable(),
});
export type Debtor = z.infer<typeof debtor>;
export const debtorsAnswer = z.object({
  data: z.array(debtor),
  meta: pageMeta,
  /** Every debtor of the scope (whatever the bucket filter) by age. */
  buckets: z.array(z.object({ bucket: z.enum(DEBT_AGE_BUCKETS), label: z.string(), ...figure.shape })),
});
export type DebtorsAnswer = z.infer<typeof debtorsAnswer>;

// Forecast.
export const forecastQuery = z.object({
  gym_id: gymId,
  days: z.coerce
    .number({ error: `Choose 1 to ${FORECAST_MAX_DAYS} days` })
    .int({ error: `Choose 1 to ${FORECAST_MAX_DAYS} days` })
    .min(1, { error: `Choose 1 to ${FORECAST_MAX_DAYS} days` })
    .max(FORECAST_MAX_DAYS, { error: `Choose 1 to ${FORECAST_MAX_DAYS} days` })
    .default(30),
});
export type ForecastQuery = z.infer<typeof forecastQuery>;
export const forecastDay = z.object({
  day: z.string(),
  /** What the rules call to be charged that day (cents, with any card surcharge) and how many charges. */
  expected: figure,
  /** The same day a month before. */
  last_month_day: z.string(),
  /** What was collected that day (successful payments, cents). */
  collected_last_month: figure,
});
export type ForecastDay = z.infer<typeof forecastDay>;
export const forecast = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(forecastDay),
  expected: figure,
  collected_last_month: figure,
});
export type Forecast = z.infer<typeof forecast>;
export const forecastAnswer = z.object({ data: forecast });

export const REPORTS = ['recurring-revenue', 'churn', 'collections', 'debtors', 'forecast'] as const;
export type ReportName = (typeof REPORTS)[number];
export const REPORT_TITLES: Record<ReportName, string> = {
  'recurring-revenue': 'Recurring revenue',
  churn: 'Churn',
  collections: 'Collections',
  debtors: 'Debtors',
  forecast: 'Forecast',
};
