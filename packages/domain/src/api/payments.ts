// The payments list, its export, a payment's detail and "retry now" (GET /api/payments,
// POST /api/payments/export, GET /api/payments/{id}, POST /api/payments/{id}/retry). Shared by the server
// (which validates and answers with them) and the page (which checks answers on arrival).
import { z } from 'zod';
import { addDays, type CalendarDate, daysBetween, maxDate, minDate } from '../calendar-date';
import { normaliseFailureCode } from '../payment-retry';
import { PAYMENT_TASK_KINDS } from '../payment-tasks';
import { calendarDateSchema } from './catalogue-requests';
import { pageMeta } from './envelope';
import { destinationAccountSchema } from './gyms';

/** The statuses as the specification groups them (section 4): sent, upcoming, pending_request, the rest. */
export const PAYMENT_STATUS_GROUPS = ['successful', 'upcoming', 'pending', 'failed'] as const;
export type PaymentStatusGroup = (typeof PAYMENT_STATUS_GROUPS)[number];

/** How a payment was made: the engine's two providers, and what staff record by hand. */
export const PAYMENT_TYPES = [
  'bank_account',
  'stripe_card',
  'cash',
  'eftpos',
  'bank_transfer',
  'credit',
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  bank_account: 'Bank account',
  stripe_card: 'Card',
  cash: 'Cash',
  eftpos: 'EFTPOS',
  bank_transfer: 'Bank transfer',
  credit: 'Credit',
};

export const paymentTypeLabel = (type: string) => PAYMENT_TYPE_LABELS[type as PaymentType] ?? type;

export const PAYMENT_STATUS_GROUP_LABELS: Record<PaymentStatusGroup, string> = {
  successful: 'Successful',
  upcoming: 'Upcoming',
  pending: 'Pending',
  failed: 'Failed',
};

/** The widest date range one list or export may cover. */
export const PAYMENTS_MAX_DAYS = 366;

/**
 * The days the payments list and export cover when none are asked for: the last 30 days to today, what a
 * gym owner checks the month's takings against (and the totals add up a month, not years of history).
 */
export const PAYMENTS_DEFAULT_DAYS = 30;

/**
 * How deep a list's pages reach (rows before the page's last): further back, narrower dates or filters
 * find them. Each page costs the rows before it, so this keeps the deepest page as quick as the first.
 */
export const LIST_MAX_DEPTH = 10_000;

/** The last page a list offers: the rows' pages, no deeper than LIST_MAX_DEPTH. */
export const lastReachablePage = (total: number, perPage: number) =>
  Math.max(1, Math.min(Math.ceil(total / perPage), Math.floor(LIST_MAX_DEPTH / perPage)));

export interface DateRange {
  from: CalendarDate;
  to: CalendarDate;
}

/**
 * The days a list or export covers: the dates asked for; one end alone, the other from it (the start:
 * to today, at most `maxDays`; the end: `defaultDays` up to it); neither, the `defaultDays` to `today`.
 */
export function resolveRange(
  asked: { from?: string | undefined; to?: string | undefined },
  today: CalendarDate,
  defaultDays: number,
  maxDays: number,
): DateRange {
  const from = asked.from as CalendarDate | undefined;
  const to = asked.to as CalendarDate | undefined;
  if (from && to) return { from, to };
  if (from) return { from, to: maxDate(from, minDate(today, addDays(from, maxDays - 1))) };
  const end = to ?? today;
  return { from: addDays(end, -(defaultDays - 1)), to: end };
}

const yesNo = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: 'Give true or false' })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === 'true'));

const positiveId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(Number.MAX_SAFE_INTEGER, { error: message });

/** The filters, combined: every one given narrows the list. Dates are Auckland days the attempt was made. */
const filterFields = z.object({
  status: z
    .enum(PAYMENT_STATUS_GROUPS, { error: 'Choose successful, upcoming, pending or failed' })
    .optional(),
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  gym_id: positiveId('Choose a gym').optional(),
  type: z.enum(PAYMENT_TYPES, { error: 'Choose a payment type' }).optional(),
  is_retry: yesNo,
  is_pro_rata: yesNo,
  user_id: positiveId('Choose a member').optional(),
});

/** A date range the lists accept: the end not before the start, at most `maxDays` days. */
export function checkRange(maxDays: number) {
  return (q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
    if (q.from && q.to && q.to < q.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end comes before the start' });
    else if (q.from && q.to && daysBetween(q.from as CalendarDate, q.to as CalendarDate) >= maxDays)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose at most ${maxDays} days` });
  };
}

export const paymentFilters = filterFields.superRefine(checkRange(PAYMENTS_MAX_DAYS));
export type PaymentFilters = z.infer<typeof paymentFilters>;

/** A page of a list: at most LIST_MAX_DEPTH rows deep. */
export const listPage = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

export function checkDepth(q: { page: number; per_page: number }, ctx: z.RefinementCtx) {
  if (q.page * q.per_page > LIST_MAX_DEPTH)
    ctx.addIssue({
      code: 'custom',
      path: ['page'],
      message: `Pages reach back ${LIST_MAX_DEPTH.toLocaleString('en-NZ')} rows: narrow the dates or filters to see older ones`,
    });
}

export const paymentsQuery = filterFields
  .extend(listPage.shape)
  .superRefine(checkRange(PAYMENTS_MAX_DAYS))
  .superRefine(checkDepth);

/** The export's body: the same filters, as JSON. */
export const paymentsExportBody = paymentFilters;

const person = z.object({ id: z.number(), name: z.string(), email: z.string() });

/** What is still to be done about a payment (`paymentTasks` in @gym/domain/payment-tasks). */
const paymentTaskSchema = z.object({
  kind: z.enum(PAYMENT_TASK_KINDS),
  /** The day it happens (send, retry), or null when it waits on someone else. */
  due_on: z.string().nullable(),
});

/**
 * What the engine and staff noted on a payment: the joining fee it carries, a retry's or a manual
 * payment's who and why, a break fee's remaining term value, a card dispute. Internal keys (the join
 * site's confirmation key) are not answered.
 */
export const paymentMetaSchema = z.object({
  joining_fee: z.number().int().optional(),
  start_early: z.boolean().optional(),
  manual: z.boolean().optional(),
  /** A manual payment of part of its charge, and what the member still owed after it (cents). */
  part_payment: z.boolean().optional(),
  still_owing: z.number().int().optional(),
  note: z.string().optional(),
  retried_by: z.number().optional(),
  reason: z.string().optional(),
  remaining_term_value: z.number().int().optional(),
  dispute: z
    .object({
      id: z.string(),
      reason: z.string().nullable(),
      status: z.string(),
      amount: z.number().int().nullable(),
    })
    .optional(),
});
export type PaymentMeta = z.infer<typeof paymentMetaSchema>;

/**
 * The Payment fields of the specification (section 3) that come from the payment's charge and
 * subscription rather than its own row alone; every payment answer carries them (docs/api-fields.md).
 */
export const paymentStandingFields = {
  /** What is still to be done about it; empty when nothing is. */
  tasks: z.array(paymentTaskSchema),
  /** The gym's bank account a bank payment is paid into; null for cards and payments recorded by hand. */
  destination_account: destinationAccountSchema.nullable(),
  /** The payment is for a period inside the membership's term (written by the engine). */
  is_term_membership: z.boolean(),
  /** The term's cooling-off end and end, for a payment inside a term; null otherwise. */
  cooling_period_ends_at: z.string().nullable(),
  term_ends_at: z.string().nullable(),
  /** What the charge it is an attempt at still owes, cents (0 once paid, written off or refunded). */
  balance_owing: z.number().int(),
  formatted_balance_owing: z.string(),
  /** 1 when that charge is an unpaid period after a failed attempt, else 0. */
  periods_owing: z.number().int(),
  /** An amount staff forced for this payment in place of the price, cents; null when none. */
  force_amount: z.number().int().nullable(),
  meta: paymentMetaSchema,
};
export type PaymentStanding = {
  [K in keyof typeof paymentStandingFields]: z.infer<(typeof paymentStandingFields)[K]>;
};

export const paymentRow = z.object({
  id: z.number(),
  amount: z.number(),
  formatted_amount: z.string(),
  surcharge: z.number(),
  formatted_surcharge: z.string(),
  /** amount + surcharge, what the member paid or was asked for. */
  total: z.number(),
  formatted_total: z.string(),
  status: z.string(),
  status_group: z.enum(PAYMENT_STATUS_GROUPS),
  type: z.string(),
  is_retry: z.boolean(),
  is_pro_rata: z.boolean(),
  attempt: z.number(),
  period_start_at: z.string().nullable(),
  period_end_at: z.string().nullable(),
  error_status: z.string().nullable(),
  error_description: z.string().nullable(),
  /** Refunded against this payment, cents; a refunded payment stays collected (`sent`) beside it. */
  refunded: z.number(),
  formatted_refunded: z.string(),
  user: person,
  gym: z.object({ id: z.number(), name: z.string() }),
  subscription_id: z.number().nullable(),
  charge_id: z.number().nullable(),
  ...paymentStandingFields,
  created_at: z.string(),
});
export type PaymentRow = z.infer<typeof paymentRow>;

/** Totals of every payment the filters match (not only the page), in cents. */
export const paymentTotals = z.object({
  count: z.number(),
  total: z.number(),
  successful: z.number(),
  pending: z.number(),
  upcoming: z.number(),
  failed: z.number(),
  successful_count: z.number(),
  failed_count: z.number(),
});

/** The days a list covers (those asked for, or the default): the page shows them in its filter. */
export const listRange = z.object({ from: z.string(), to: z.string() });

export const paymentsAnswer = z.object({
  data: z.array(paymentRow),
  meta: pageMeta.extend({ totals: paymentTotals, range: listRange }),
});
export type PaymentsAnswer = z.infer<typeof paymentsAnswer>;

export const paymentAttempt = z.object({
  id: z.number(),
  attempt: z.number(),
  status: z.string(),
  status_group: z.enum(PAYMENT_STATUS_GROUPS),
  type: z.string(),
  total: z.number(),
  formatted_total: z.string(),
  is_retry: z.boolean(),
  akahu_id: z.string().nullable(),
  akahu_sid: z.string().nullable(),
  stripe_id: z.string().nullable(),
  error_status: z.string().nullable(),
  error_description: z.string().nullable(),
  /** The failure in plain words, for staff. */
  error_explanation: z.string().nullable(),
  poll_count: z.number(),
  processed_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PaymentAttempt = z.infer<typeof paymentAttempt>;

export const paymentDetail = paymentRow.extend({
  akahu_id: z.string().nullable(),
  akahu_sid: z.string().nullable(),
  stripe_id: z.string().nullable(),
  poll_count: z.number(),
  credit_used: z.number(),
  error_explanation: z.string().nullable(),
  processed_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  charge: z
    .object({
      id: z.number(),
      kind: z.string(),
      period_start: z.string(),
      period_end: z.string().nullable(),
      due_date: z.string(),
      amount: z.number(),
      surcharge: z.number(),
      formatted_total: z.string(),
      status: z.string(),
      first_failed_at: z.string().nullable(),
      paid_at: z.string().nullable(),
      /** When the engine tries again by itself; null when it will not. */
      next_retry_on: z.string().nullable(),
    })
    .nullable(),
  /** Every attempt at the charge, first to last (just this one when it has no charge). */
  attempts: z.array(paymentAttempt),
  /** Whether staff may retry this charge now, and if not, why not. */
  retry: z.object({ allowed: z.boolean(), reason: z.string().nullable() }),
});
export type PaymentDetail = z.infer<typeof paymentDetail>;

export const paymentDetailAnswer = z.object({ data: paymentDetail });

/** What "retry now" did: the new attempt (or the one a first click made), and the payment's detail after it. */
export const paymentRetryAnswer = z.object({
  data: z.object({
    retry_payment_id: z.number(),
    /** False when an earlier click already made this retry: nothing new was sent. */
    created: z.boolean(),
    detail: paymentDetail,
  }),
});

const EXPLANATIONS: Record<string, string> = {
  INSUFFICIENT_FUNDS: 'There was not enough money in the account. It is tried again automatically.',
  BANK_ERROR: 'The bank had a problem processing the payment. It is tried again automatically.',
  PROVIDER_UNAVAILABLE: 'The payment provider could not be reached. It is tried again automatically.',
  AFTER_HOURS: 'The bank does not take payments at this hour. It is tried again automatically.',
  INVALID_ACCOUNT: 'The bank account is closed or its number is wrong. The member must give a new one.',
  CONSENT_REVOKED:
    'The member withdrew the permission to take payments from their account. They must connect it again.',
  CARD_LOST_OR_STOLEN: 'The card was reported lost or stolen. The member must add a new card.',
  AUTHENTICATION_REQUIRED:
    'The card issuer wants the member to approve the payment. They must pay once themselves.',
  CARD_MISSING: 'The member has no saved card to charge.',
  NO_PAYMENT_METHOD: 'The membership has no payment method to charge.',
  NO_DESTINATION_ACCOUNT: 'The gym has no bank account to pay into. Add one in the gym’s settings.',
  NO_STRIPE_ACCOUNT: 'The gym is not connected to Stripe for card payments.',
  PROVIDER_REJECTED: 'The payment provider refused the request.',
  CARD_DECLINED: 'The card was declined. The member should check with their bank or use another card.',
  EXPIRED_CARD: 'The card has expired. The member must add a new card.',
  INCORRECT_CVC: 'The card’s security code was wrong.',
};

/**
 * A failure's error_status (and the provider's description) in plain words for staff, or null for a
 * payment that did not fail.
 */
export function failureExplanation(
  errorStatus: string | null,
  errorDescription: string | null,
): string | null {
  if (!errorStatus && !errorDescription) return null;
  const code = errorStatus ? (normaliseFailureCode(errorStatus) ?? errorStatus.trim().toUpperCase()) : null;
  const known = code ? EXPLANATIONS[code] : undefined;
  if (known) return known;
  if (errorDescription) return `The provider said: ${errorDescription}`;
  return `The payment failed (${errorStatus}). Staff can retry it once the member has fixed their payment method.`;
}

/** The bookkeeper's columns, in order: what a gym reconciles against its bank statement. */
export const PAYMENT_EXPORT_COLUMNS = [
  'Payment ID',
  'Date',
  'Time',
  'Member',
  'Member email',
  'Gym',
  'Payment type',
  'Status',
  'Amount (NZD)',
  'Surcharge (NZD)',
  'Total (NZD)',
  'Period start',
  'Period end',
  'Retry',
  'Pro rata',
  'Bank reference',
  'Akahu payment ID',
  'Stripe payment ID',
  'Error status',
  'Error description',
  'Processed by',
] as const;
