// The dashboard's calls (spec section 7 "Dashboard and search"): GET /api/stats, /api/active-users,
// /api/user-breakdown, /api/cost-and-visit-breakdown, and the operations screen GET
// /api/active-user-debugging. Every figure is worked out on the server by one query module; these are
// the shapes both sides check.
import { z } from 'zod';
import { calendarDateSchema } from './catalogue-requests';
import { checkRange } from './payments';

const gymId = z.coerce
  .number({ error: 'Choose a gym' })
  .int({ error: 'Choose a gym' })
  .positive({ error: 'Choose a gym' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'Choose a gym' })
  .optional();

/** The lengths of period the figures compare (this period against the one before). */
export const STATS_PERIODS = ['7', '30', '90'] as const;

export const statsQuery = z.object({
  gym_id: gymId,
  period_days: z
    .enum(STATS_PERIODS, { error: 'Choose 7, 30 or 90 days' })
    .default('30')
    .transform((v) => Number(v)),
});

const compared = z.object({ current: z.number(), previous: z.number() });

/** Days without a visit after which a paying member counts as having stopped coming. */
export const STOPPED_COMING_DAYS = 14;

export const stats = z.object({
  period: z.object({
    days: z.number(),
    from: z.string(),
    to: z.string(),
    previous_from: z.string(),
    previous_to: z.string(),
  }),
  /** Members whose membership is active now, and on the day before the period began. */
  active_members: compared,
  joins: compared,
  cancellations: compared,
  /** Successful payments made in the period, cents. */
  revenue_collected: compared,
  /** Charges falling due in the period, cents. */
  revenue_expected: compared,
  /** Failed payment attempts made in the period. */
  failed_payments: compared,
  /** What members owe now, cents. */
  balance_owing: z.number(),
  members_in_grace: z.number(),
  stopped_coming_count: z.number(),
  /** Up to ten members who pay but have not come in STOPPED_COMING_DAYS days, longest away first. */
  stopped_coming: z.array(
    z.object({ id: z.number(), name: z.string(), last_visit_at: z.string().nullable(), gym: z.string() }),
  ),
});
export type Stats = z.infer<typeof stats>;
export const statsAnswer = z.object({ data: stats });

const ACTIVE_USER_INTERVALS = ['day', 'week', 'month'] as const;
export const ACTIVE_USERS_MAX_POINTS = 120;

export const activeUsersQuery = z
  .object({
    gym_id: gymId,
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
    interval: z.enum(ACTIVE_USER_INTERVALS, { error: 'Choose day, week or month' }).default('week'),
  })
  .superRefine(checkRange(3660));

export const activeUsersAnswer = z.object({
  data: z.array(z.object({ date: z.string(), active: z.number() })),
});
export type ActiveUsersAnswer = z.infer<typeof activeUsersAnswer>;

export const SUBSCRIPTION_STATE_NAMES = ['active', 'grace', 'paused', 'upcoming', 'cancelled'] as const;

export const userBreakdownQuery = z.object({ gym_id: gymId });

export const userBreakdown = z.object({
  /** Every member by the state of their current membership. */
  by_state: z.array(z.object({ state: z.enum(SUBSCRIPTION_STATE_NAMES), count: z.number() })),
  /** Members holding a membership (any state but cancelled) by offering, price and gym. */
  by_offering: z.array(z.object({ id: z.number(), name: z.string(), count: z.number() })),
  by_price: z.array(z.object({ id: z.number(), label: z.string(), offering: z.string(), count: z.number() })),
  by_gym: z.array(z.object({ id: z.number(), name: z.string(), count: z.number() })),
});
export type UserBreakdown = z.infer<typeof userBreakdown>;
export const userBreakdownAnswer = z.object({ data: userBreakdown });

export const costAndVisitQuery = z
  .object({ gym_id: gymId, from: calendarDateSchema.optional(), to: calendarDateSchema.optional() })
  .superRefine(checkRange(366));

export const costAndVisitBreakdown = z.object({
  from: z.string(),
  to: z.string(),
  offerings: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      members: z.number(),
      /** Successful payments of those members' memberships in the range, cents. */
      paid: z.number(),
      /** Their allowed door unlocks in the range. */
      visits: z.number(),
      /** paid ÷ visits, rounded half up to the cent; null without visits. */
      cost_per_visit: z.number().nullable(),
      formatted_cost_per_visit: z.string().nullable(),
    }),
  ),
});
export type CostAndVisitBreakdown = z.infer<typeof costAndVisitBreakdown>;
export const costAndVisitAnswer = z.object({ data: costAndVisitBreakdown });

export const activeUserDebuggingQuery = z.object({
  gym_id: gymId,
  date: calendarDateSchema.optional(),
  only: z.enum(['active', 'inactive'], { error: 'Choose active or inactive' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});

const activeUserDebuggingRow = z.object({
  member: z.object({ id: z.number(), name: z.string() }),
  gym: z.object({ id: z.number(), name: z.string() }),
  subscription_id: z.number(),
  state: z.enum(SUBSCRIPTION_STATE_NAMES),
  active: z.boolean(),
  /** Why, in words: each fact the state was worked out from. */
  reasons: z.array(z.string()),
});
export type ActiveUserDebuggingRow = z.infer<typeof activeUserDebuggingRow>;

export const activeUserDebuggingAnswer = z.object({
  data: z.array(activeUserDebuggingRow),
  meta: z.object({
    date: z.string(),
    active: z.number(),
    inactive: z.number(),
    current_page: z.number(),
    per_page: z.number(),
    total: z.number(),
    last_page: z.number(),
  }),
});
export type ActiveUserDebuggingAnswer = z.infer<typeof activeUserDebuggingAnswer>;
