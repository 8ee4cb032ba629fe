// The expected-payments debugging answer (GET /api/expected-payments-debugging, organisation admins):
// for a date range, each subscription's charges by the billing rules next to what the engine created,
// drift first. Shared by the server (which sends it) and the page (which checks it on arrival).
import { z } from 'zod';
import { type CalendarDate, daysBetween } from '../calendar-date';
import { DRIFT_KINDS } from '../reconciliation';
import { calendarDateSchema } from './catalogue-requests';
import { pageMeta } from './envelope';

/** The widest range one request may ask about. */
export const EXPECTED_PAYMENTS_MAX_DAYS = 62;

export const expectedPaymentsQuery = z
  .object({
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
    gym_id: z.coerce.number({ error: 'Choose a gym' }).int({ error: 'Choose a gym' }).positive().optional(),
    drift_only: z
      .enum(['true', 'false'], { error: 'Give true or false' })
      .optional()
      .transform((v) => v === 'true'),
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
export const EXPECTED_DRIFT_KINDS = [...DRIFT_KINDS, 'not_charged'] as const;
export type ExpectedDriftKind = (typeof EXPECTED_DRIFT_KINDS)[number];

export const expectedPaymentRow = z.object({
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
    })
    .nullable(),
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
