// Answers of the staff actions on a subscription (pause, cancel and undo, price changes, start early,
// manual payment) and of the bulk price change. The server checks what it sends against them and
// documents them; the page checks what arrives against them. States come from the domain's functions.
import { z } from 'zod';
import { pageMeta } from './envelope';

const date = z.string();
const instant = z.string();
const money = { amount: z.number().int(), formatted_amount: z.string() };

const ACTION_STATES = ['active', 'paused', 'cancelled', 'grace', 'upcoming'] as const;
const ACTION_CARD_COLOURS = ['green', 'amber', 'red'] as const;

/** A pause booked or in force: first day paused, first day back. */
const pauseSchema = z.object({
  id: z.number(),
  start_date: date,
  end_date: date,
  credit_days: z.number().int(),
  reason: z.string().nullable(),
  /** scheduled: not begun (it can be removed); active: the billing engine applied it. */
  status: z.enum(['scheduled', 'active']),
});

/** Where a subscription stands and which actions it allows now (the server decides; the page shows). */
export const subscriptionActionsSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  gym_id: z.number(),
  state: z.enum(ACTION_STATES),
  card_colour: z.enum(ACTION_CARD_COLOURS),
  start_date: date,
  current_period_start: date.nullable(),
  current_period_end: date.nullable(),
  ends_at: date.nullable(),
  cancelled_at: instant.nullable(),
  cancellation_reasons: z.array(z.string()),
  cancellation_comments: z.string().nullable(),
  undo_cancellation_until: instant.nullable(),
  grace_period_ends_at: date.nullable(),
  balance_owing: z.number().int(),
  formatted_balance_owing: z.string(),
  periods_owing: z.number().int(),
  is_term_membership: z.boolean(),
  term_ends_at: date.nullable(),
  price: z.object({ id: z.number(), ...money, billing_frequency: z.string(), offering_id: z.number() }),
  pause: pauseSchema.nullable(),
  scheduled_price_change: z.object({ price_id: z.number(), takes_effect_at: date, ...money }).nullable(),
  can: z.object({
    pause: z.boolean(),
    remove_pause: z.boolean(),
    cancel: z.boolean(),
    undo_cancellation: z.boolean(),
    change_price: z.boolean(),
    start_early: z.boolean(),
    record_payment: z.boolean(),
  }),
  version: z.number().int(),
});
export type SubscriptionActions = z.infer<typeof subscriptionActionsSchema>;
export const subscriptionActionsAnswer = z.object({ data: subscriptionActionsSchema });

/** What a pause will do, shown before it is confirmed (BILLING.md "Pauses"). */
const pausePreviewSchema = z.object({
  start_date: date,
  end_date: date,
  days: z.number().int(),
  /** Paid days the pause covers, credited in whole days. */
  credit_days: z.number().int(),
  /** The next charge after the pause (null: the membership has no charge to come). */
  next_charge_date: date.nullable(),
  /** The membership has not started: it starts on the pause's end date instead. */
  moves_start_date: z.boolean(),
  /** The pause begins today: door access ends now rather than on a later morning. */
  starts_today: z.boolean(),
});
export type PausePreview = z.infer<typeof pausePreviewSchema>;
export const pauseAnswer = z.object({
  data: z.object({
    preview: pausePreviewSchema,
    /** Absent on a dry run. */
    subscription: subscriptionActionsSchema.nullable(),
  }),
});

/** What a cancellation will do (BILLING.md "Cancellation"). */
const cancellationPreviewSchema = z.object({
  kind: z.enum(['flexi', 'cooling_off', 'break_fee']),
  /** Door access ends at the start of this day. */
  ends_on: date,
  refund: z.number().int(),
  formatted_refund: z.string(),
  refund_method: z.enum(['stripe', 'bank_transfer_by_gym']).nullable(),
  break_fee: z.number().int(),
  formatted_break_fee: z.string(),
  remaining_term_value: z.number().int(),
  formatted_remaining_term_value: z.string(),
  undo_until: instant.nullable(),
});
export type CancellationPreview = z.infer<typeof cancellationPreviewSchema>;
export const cancelAnswer = z.object({
  data: z.object({
    preview: cancellationPreviewSchema,
    subscription: subscriptionActionsSchema.nullable(),
  }),
});

const priceChangeSchema = z.object({
  id: z.number(),
  subscription_id: z.number(),
  from_price_id: z.number().nullable(),
  to_price_id: z.number(),
  to_price_name: z.string(),
  from_amount: z.number().int(),
  formatted_from_amount: z.string(),
  to_amount: z.number().int(),
  formatted_to_amount: z.string(),
  takes_effect_at: date,
  status: z.enum(['scheduled', 'applied', 'cancelled']),
  notified_at: instant.nullable(),
  applied_at: instant.nullable(),
  cancelled_at: instant.nullable(),
  created_at: instant,
  created_by: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;
export const priceChangeHistoryPage = z.object({ data: z.array(priceChangeSchema), meta: pageMeta });
export const schedulePriceChangeAnswer = z.object({
  data: z.object({ price_change: priceChangeSchema, subscription: subscriptionActionsSchema }),
});

/** The member's price-change notice as it will be sent. */
const emailPreviewSchema = z.object({
  to: z.string(),
  reply_to: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type EmailPreview = z.infer<typeof emailPreviewSchema>;
export const emailPreviewAnswer = z.object({ data: emailPreviewSchema });

/** Starting an upcoming membership today: the pro-rata charge for the days brought forward. */
export const startEarlySchema = z.object({
  can_start_early: z.boolean(),
  /** Why not, when it cannot. */
  reason: z.string().nullable(),
  start_date: date,
  new_start_date: date,
  days_brought_forward: z.number().int(),
  pro_rata_amount: z.number().int(),
  joining_fee: z.number().int(),
  surcharge: z.number().int(),
  total: z.number().int(),
  formatted_total: z.string(),
  explanation: z.string().nullable(),
  /** The first full period's charge stays on the original start date. */
  next_charge_date: date,
  payment_method: z.enum(['bank_account', 'stripe_card']).nullable(),
});
export type StartEarly = z.infer<typeof startEarlySchema>;
export const startEarlyAnswer = z.object({
  data: z.object({ preview: startEarlySchema, subscription: subscriptionActionsSchema.nullable() }),
});

/** What is owed and what a manual payment can pay (any amount up to it, oldest charges first). */
const owedChargeSchema = z.object({
  id: z.number(),
  kind: z.string(),
  period_start: date,
  period_end: date.nullable(),
  total: z.number().int(),
  formatted_total: z.string(),
  /** Collected against it already by part payments. */
  collected: z.number().int(),
  /** What is still owed on it: total less collected. */
  remainder: z.number().int(),
  formatted_remainder: z.string(),
  /** The remainders of everything up to and including this charge (pays them whole). */
  cumulative: z.number().int(),
  formatted_cumulative: z.string(),
});
const balanceSchema = z.object({
  balance_owing: z.number().int(),
  formatted_balance_owing: z.string(),
  /** Unpaid charges with no payment in flight, oldest first. */
  payable: z.array(owedChargeSchema),
  /** The most one manual payment may be: the remainders of the payable charges. */
  payable_total: z.number().int(),
  formatted_payable_total: z.string(),
  /** Unpaid charges a bank or card payment is still deciding (not payable by hand until it answers). */
  in_flight: z.array(owedChargeSchema),
});
export type Balance = z.infer<typeof balanceSchema>;
export const balanceAnswer = z.object({ data: balanceSchema });
export const manualPaymentAnswer = z.object({
  data: z.object({
    payments: z.array(z.object({ id: z.number(), charge_id: z.number(), ...money })),
    grace_cleared: z.boolean(),
    door_access: z.enum(['granted', 'revoked', 'unchanged', 'no_place', 'failed']),
    subscription: subscriptionActionsSchema,
  }),
});

/** One member a bulk price change would reach (or leaves out, and why). */
const bulkPreviewRowSchema = z.object({
  subscription_id: z.number(),
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  gym_name: z.string(),
  state: z.enum(ACTION_STATES),
  current_amount: z.number().int(),
  formatted_current_amount: z.string(),
  in_term: z.boolean(),
  term_ends_at: date.nullable(),
  included: z.boolean(),
  excluded_reason: z.string().nullable(),
});
export type BulkPreviewRow = z.infer<typeof bulkPreviewRowSchema>;
export const bulkPreviewAnswer = z.object({
  data: z.array(bulkPreviewRowSchema),
  meta: pageMeta,
  summary: z.object({
    matching: z.number().int(),
    included: z.number().int(),
    excluded_in_term: z.number().int(),
    excluded_other: z.number().int(),
    new_amount: z.number().int(),
    formatted_new_amount: z.string(),
  }),
  email: emailPreviewSchema.nullable(),
});

const BULK_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
const bulkJobSchema = z.object({
  id: z.number(),
  status: z.enum(BULK_JOB_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  errors: z.array(z.object({ subscription_id: z.number(), message: z.string() })),
  new_price_id: z.number(),
  takes_effect_at: date,
  created_at: instant,
  finished_at: instant.nullable(),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;
export const bulkJobAnswer = z.object({ data: bulkJobSchema });
