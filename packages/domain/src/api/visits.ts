// The visits list and its export (GET /api/visits, POST /api/visits/export): door unlocks at gyms that
// track visits, each allowed (successful) or refused. Shared by the server and the page.
import { z } from 'zod';
import { CHECK_IN_REFUSALS } from '../check-in';
import { calendarDateSchema } from './catalogue-requests';
import { pageMeta } from './envelope';
import { checkDepth, checkRange, listPage, listRange } from './payments';

/** The widest date range one list or export may cover. */
export const VISITS_MAX_DAYS = 366;

/** The days the visits list and export cover when none are asked for: the last 7 to today. */
export const VISITS_DEFAULT_DAYS = 7;

const positiveId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(Number.MAX_SAFE_INTEGER, { error: message });

const filterFields = z.object({
  gym_id: positiveId('Choose a gym').optional(),
  door_id: positiveId('Choose a door').optional(),
  successful: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: 'Give true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === true || v === 'true')),
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  user_id: positiveId('Choose a member').optional(),
});

export const visitFilters = filterFields.superRefine(checkRange(VISITS_MAX_DAYS));
export type VisitFilters = z.infer<typeof visitFilters>;

export const visitsQuery = filterFields
  .extend(listPage.shape)
  .superRefine(checkRange(VISITS_MAX_DAYS))
  .superRefine(checkDepth);

export const visitsExportBody = visitFilters;

const visitRow = z.object({
  id: z.number(),
  visited_at: z.string(),
  successful: z.boolean(),
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  gym: z.object({ id: z.number(), name: z.string() }),
  door: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** Checked in at the front desk rather than through a door. */
  at_desk: z.boolean(),
  /** Why a desk check-in was refused (a door's refusals carry none). */
  refused_reason: z.enum(CHECK_IN_REFUSALS).nullable(),
});
export type VisitRow = z.infer<typeof visitRow>;

export const visitsAnswer = z.object({
  data: z.array(visitRow),
  meta: pageMeta.extend({ successful: z.number(), refused: z.number(), range: listRange }),
});
export type VisitsAnswer = z.infer<typeof visitsAnswer>;

export const VISIT_EXPORT_COLUMNS = [
  'Visit ID',
  'Date',
  'Time',
  'Member',
  'Member email',
  'Gym',
  'Door',
  'Result',
  'Reason refused',
] as const;
