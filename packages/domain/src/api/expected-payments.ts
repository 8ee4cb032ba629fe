// The expected-payments debugging answer (GET /api/expected-payments-debugging, organisation admins):
// for a date range, each subscription's charges by the billing rules next to what the engine created,
// drift first, optionally only drift or only one payment status. Shared by the server (which sends it)
// and the page (which checks it on arrival).
import { z } from 'zod';
import { type CalendarDate, daysBetween } from '../calendar-date';
import { formatDate } from '../format';
import { DRIFT_KINDS } from '../reconciliation';
import type { SubscriptionState } from '../subscription-state';
import { calendarDateSchema } from './catalogue-requests';
import { pageMeta } from './envelope';

/** The widest range one request may ask about. */
export const EXPECTED_PAYMENTS_MAX_DAYS = 62;

/** Where a row's money stands, for its badge. */
export const EXPECTED_PAYMENT_STATUSES = [
  'paid',
  'failed',
  'pending',
  'not_charged',
  'written_off',
  'refunded',
] as const;
export type ExpectedPaymentStatus = (typeof EXPECTED_PAYMENT_STATUSES)[number];

export const expectedPaymentsQuery = z
  .object({
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
    gym_id: z.coerce.number({ error: 'Choose a gym' }).int({ error: 'Choose a gym' }).positive().optional(),
    drift_only: z
      .enum(['true', 'false'], { error: 'Give true or false' })
      .optional()
      .transform((v) => v === 'true'),
    /** Only rows whose money stands so (failed, say). */
    status: z.enum(EXPECTED_PAYMENT_STATUSES, { error: 'Choose a payment status' }).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(25),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end comes before the start' });
    else if (
      q.from &&
      q.to &&
      daysBetween(q.from as CalendarDate, q.to as CalendarDate) >= EXPECTED_PAYMENTS_MAX_DAYS
    )
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Choose at most ${EXPECTED_PAYMENTS_MAX_DAYS} days`,
      });
  });
export type ExpectedPaymentsQuery = z.infer<typeof expectedPaymentsQuery>;

/** Drift the screen shows: the reconciliation's kinds, and a charge due that the engine did not make. */
const EXPECTED_DRIFT_KINDS = [...DRIFT_KINDS, 'not_charged'] as const;

export const SUBSCRIPTION_STATES = [
  'active',
  'paused',
  'cancelled',
  'grace',
  'upcoming',
] as const satisfies readonly SubscriptionState[];

/** 'Paid', 'Failed — retry on 12 Jun 2026', 'Failed', 'Pending', 'Not charged yet'. */
export function paymentStatusLabel(status: ExpectedPaymentStatus, nextRetryOn: string | null): string {
  switch (status) {
    case 'paid':
      return 'Paid';
    case 'failed':
      return nextRetryOn ? `Failed — retry on ${formatDate(nextRetryOn as CalendarDate)}` : 'Failed';
    case 'pending':
      return 'Pending';
    case 'not_charged':
      return 'Not charged yet';
    case 'written_off':
      return 'Written off';
    case 'refunded':
      return 'Refunded';
  }
}

/** The membership as the row's member stands now: its state, grace and end, and their door access. */
const expectedPaymentSubscription = z.object({
  state: z.enum(SUBSCRIPTION_STATES),
  /** The last day of grace, while the member owes money. */
  grace_ends_on: z.string().nullable(),
  /** When a cancelled membership's access ends. */
  ends_on: z.string().nullable(),
  /** Cancelled because grace ran out unpaid (cancellation_reasons holds 'non_payment'). */
  cancelled_for_non_payment: z.boolean(),
  /** Whether the member holds an active door credential at the gym now. */
  door_access: z.boolean(),
});
export type ExpectedPaymentSubscription = z.infer<typeof expectedPaymentSubscription>;

/** 'Active', 'In grace until 5 Mar 2026', 'Cancelled for non-payment', 'Cancelled', 'Paused', 'Upcoming'. */
export function membershipStateLabel(subscription: ExpectedPaymentSubscription): string {
  switch (subscription.state) {
    case 'active':
      return 'Active';
    case 'grace':
      return subscription.grace_ends_on
        ? `In grace until ${formatDate(subscription.grace_ends_on as CalendarDate)}`
        : 'In grace';
    case 'cancelled':
      return subscription.cancelled_for_non_payment ? 'Cancelled for non-payment' : 'Cancelled';
    case 'paused':
      return 'Paused';
    case 'upcoming':
      return 'Upcoming';
  }
}

const expectedPaymentRow = z.object({
  subscription_id: z.number().nullable(),
  member: z.object({ id: z.number(), name: z.string() }).nullable(),
  gym: z.object({ id: z.number(), name: z.string() }),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  /** What the rules charge for the period, in cents (a period the engine has not charged yet). */
  expected: z.object({ amount: z.number(), surcharge: z.number() }).nullable(),
  /** What the engine created. */
  charge: z
    .object({
      id: z.number(),
      amount: z.number(),
      surcharge: z.number(),
      status: z.string(),
      attempts: z.number(),
      collected: z.number(),
      /** When the engine tries a failed charge again; null when it will not (paid, hard failure, done). */
      next_retry_on: z.string().nullable(),
      /** The last failed attempt's error description. */
      last_error: z.string().nullable(),
    })
    .nullable(),
  /** Where the money stands (null for a Stripe payment we do not hold), and the same in words. */
  payment_status: z.enum(EXPECTED_PAYMENT_STATUSES).nullable(),
  status_label: z.string().nullable(),
  /** The membership now (null for a Stripe payment we do not hold). */
  subscription: expectedPaymentSubscription.nullable(),
  drift: z.enum(EXPECTED_DRIFT_KINDS).nullable(),
  drift_label: z.string().nullable(),
  /** The reconciliation's detail (ours and the provider's status and amount). */
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type ExpectedPaymentRow = z.infer<typeof expectedPaymentRow>;

export const expectedPaymentsAnswer = z.object({
  data: z.array(expectedPaymentRow),
  meta: pageMeta.extend({
    from: z.string(),
    to: z.string(),
    expected_total: z.number(),
    created_total: z.number(),
    collected_total: z.number(),
    drift_count: z.number(),
  }),
});
export type ExpectedPaymentsAnswer = z.infer<typeof expectedPaymentsAnswer>;
