// Request bodies of the staff actions on a subscription (spec section 7 "Members and subscriptions";
// BILLING.md for what each does to money): the server validates with them and documents them in
// OpenAPI; the page's dialogs check with the same schemas and show the server's field messages.
import { z } from 'zod';
import { MAX_PRICE_CENTS } from '../price-schema';
import {
  boundedList,
  idSchema,
  isBlank,
  optionalString,
  requiredString,
  VALUE_REQUIRED,
} from '../validation-messages';
import { calendarDateSchema } from './catalogue-requests';

/** Set on an action to answer what it would do, changing nothing. */
const dryRun = z
  .boolean({ error: 'Value must be true or false' })
  .optional()
  .transform((value) => value ?? false);

const PAUSE_END_BEFORE_START = 'The pause must end after it starts';

export const pauseBody = z
  .object({
    /** First day paused. */
    start_date: calendarDateSchema,
    /** First day back (exclusive). */
    end_date: calendarDateSchema,
    reason: requiredString({ max: 500 }),
    dry_run: dryRun,
  })
  .superRefine((body, ctx) => {
    if (body.end_date <= body.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: PAUSE_END_BEFORE_START });
  });
export type PauseBody = z.output<typeof pauseBody>;

/** Why staff cancel a membership (the billing run's own 'non_payment' is not for staff to choose). */
export const CANCELLATION_REASONS = [
  'moving_away',
  'cost',
  'not_using',
  'injury_or_health',
  'unhappy_with_service',
  'joining_another_gym',
  'other',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];
export const CANCELLATION_REASON_LABELS: Record<CancellationReason, string> = {
  moving_away: 'Moving away',
  cost: 'Cost',
  not_using: 'Not using the gym',
  injury_or_health: 'Injury or health',
  unhappy_with_service: 'Unhappy with the service',
  joining_another_gym: 'Joining another gym',
  other: 'Other',
};
const CHOOSE_A_REASON = 'Choose at least one reason';
const OTHER_REASON_NEEDS_COMMENT = 'Say what the other reason is';

export const cancelBody = z
  .object({
    cancellation_reasons: boundedList(
      z.enum(CANCELLATION_REASONS, {
        error: `Value must be one of: ${CANCELLATION_REASONS.join(', ')}`,
      }),
      CANCELLATION_REASONS.length,
      { error: CHOOSE_A_REASON },
    )
      .min(1, { error: CHOOSE_A_REASON })
      .transform((reasons) => [...new Set(reasons)]),
    cancellation_comments: optionalString({ max: 2000 }),
    dry_run: dryRun,
  })
  .superRefine((body, ctx) => {
    if (body.cancellation_reasons.includes('other') && body.cancellation_comments == null)
      ctx.addIssue({ code: 'custom', path: ['cancellation_comments'], message: OTHER_REASON_NEEDS_COMMENT });
  });
export type CancelBody = z.output<typeof cancelBody>;

/** A scheduled price change, or its email preview: the new price and the date it takes effect. */
export const schedulePriceChangeBody = z.object({
  subscription_id: idSchema,
  price_id: idSchema,
  /** Charges for periods starting on or after this date are at the new price; default the current period's end. */
  takes_effect_at: calendarDateSchema.nullish().transform((value) => value ?? null),
});
export type SchedulePriceChangeBody = z.output<typeof schedulePriceChangeBody>;

export const startEarlyBody = z
  .object({ dry_run: dryRun })
  .nullish()
  .transform((body) => body ?? { dry_run: false });

export const MANUAL_PAYMENT_TYPES = ['cash', 'eftpos'] as const;
export type ManualPaymentType = (typeof MANUAL_PAYMENT_TYPES)[number];
export const MANUAL_PAYMENT_TYPE_LABELS: Record<ManualPaymentType, string> = {
  cash: 'Cash',
  eftpos: 'EFTPOS',
};

export const manualPaymentBody = z.object({
  type: z.enum(MANUAL_PAYMENT_TYPES, {
    error: (issue) => (isBlank(issue.input) ? VALUE_REQUIRED : 'Choose cash or EFTPOS'),
  }),
  /** Cents, up to what is owed (the answer's 422 names the most); pays the oldest charges first, the last maybe in part. */
  amount: z
    .number({
      error: (issue) => (isBlank(issue.input) ? VALUE_REQUIRED : 'Value must be an amount in cents'),
    })
    .int({ error: 'Value must be whole cents' })
    .min(1, { error: 'The value must be more than $0.00' })
    .max(MAX_PRICE_CENTS * 100, { error: 'The amount is larger than anything owed' }),
  /** Made by the page once per dialog: the same payment sent twice is recorded once. */
  idempotency_key: z
    .string({ error: VALUE_REQUIRED })
    .trim()
    .regex(/^[\w-]{8,64}$/, { error: 'Value must be 8 to 64 letters, digits, - or _' }),
  note: optionalString({ max: 500 }),
});
export type ManualPaymentBody = z.output<typeof manualPaymentBody>;

/** Who a bulk price change is for: members on one price, narrowed by the member list's filters. */
export const BULK_STATES = ['active', 'paused', 'grace', 'upcoming'] as const;
const bulkPriceChangeFilters = z.object({
  price_id: idSchema,
  gym_id: idSchema.nullish().transform((value) => value ?? null),
  offering_id: idSchema.nullish().transform((value) => value ?? null),
  state: z
    .enum(BULK_STATES, { error: `Value must be one of: ${BULK_STATES.join(', ')}` })
    .nullish()
    .transform((value) => value ?? null),
  search: optionalString({ max: 100 }),
});

const SAME_PRICE = 'Choose a different price from the current one';

export const bulkPriceChangeBody = bulkPriceChangeFilters
  .extend({
    new_price_id: idSchema,
    takes_effect_at: calendarDateSchema,
    /** Members inside a term keep their price unless staff include them on purpose. */
    include_term_members: z
      .boolean({ error: 'Value must be true or false' })
      .optional()
      .transform((value) => value ?? false),
  })
  .superRefine((body, ctx) => {
    if (body.new_price_id === body.price_id)
      ctx.addIssue({ code: 'custom', path: ['new_price_id'], message: SAME_PRICE });
  });
export type BulkPriceChangeBody = z.output<typeof bulkPriceChangeBody>;

export const bulkPreviewBody = bulkPriceChangeBody.safeExtend({
  page: z.number().int().min(1).max(100_000).optional().default(1),
  per_page: z.number().int().min(1).max(100).optional().default(25),
});
export type BulkPreviewBody = z.output<typeof bulkPreviewBody>;
