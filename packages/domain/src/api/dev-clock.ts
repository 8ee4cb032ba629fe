// The sandbox's travelling clock (POST/GET /api/dev/clock): request and answer.
import { z } from 'zod';

/** Two years of days at most in one move. */
export const MAX_CLOCK_DAYS = 731;

/** Forward by whole days, or to an instant: exactly one of the two. */
export const travelClockBody = z
  .object({
    days: z
      .number({ error: 'Must be a whole number of days' })
      .int('Must be a whole number of days')
      .min(1, 'Must be at least 1')
      .max(MAX_CLOCK_DAYS, `Must be at most ${MAX_CLOCK_DAYS}`)
      .optional(),
    to: z.iso
      .datetime({
        offset: true,
        error: 'Must be an ISO 8601 date and time with a zone, e.g. 2026-12-01T09:00:00+13:00',
      })
      .optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.days === undefined) === (body.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'Give either days or to' });
    }
  });

export const clockReading = z.object({
  now: z.string(),
  /** The business date in Pacific/Auckland. */
  today: z.string(),
  can_travel: z.boolean(),
});

export const daySummary = z.object({
  day: z.string(),
  graceEnded: z.number(),
  pausesStarted: z.number(),
  pausesEnded: z.number(),
  charges: z.number(),
  attempts: z.number(),
  retries: z.number(),
  resent: z.number(),
  polled: z.number(),
  doorsGranted: z.number(),
  doorsRevoked: z.number(),
});

export const travelAnswer = clockReading.extend({ days: z.array(daySummary) });
