// Request schemas and error answers of the price routes (they also make the OpenAPI document). The
// answers are shared with the page: @gym/domain/api/prices.
import { type CalendarDate, isBlank, isCalendarDate, priceInputSchema, VALUE_REQUIRED } from '@gym/domain';
import { z } from 'zod';
import { errorResponses, pageQuery } from '../../http/envelope';

const pathId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const idParam = z.object({ id: pathId });
export const priceIdParam = z.object({ price_id: pathId });

const queryBoolean = z
  .enum(['true', 'false', '1', '0'], { error: 'Value must be true or false' })
  .transform((v) => v === 'true' || v === '1');

export const offeringPricesQuery = z.object({
  /** Absent: every price; false: on sale only; true: archived only. */
  archived: queryBoolean.optional(),
});

export const organisationPricesQuery = pageQuery.extend({
  /** false (default): on sale; true: archived. */
  archived: queryBoolean.optional().default(false),
  offering_id: pathId.optional(),
  /** Prices a member of this gym could take (and surcharges at its rate). */
  gym_id: pathId.optional(),
});

export const priceBody = priceInputSchema;

export const INVALID_DATE = 'Value must be a valid date (YYYY-MM-DD)';

/** A strict 'YYYY-MM-DD' calendar date (2025-02-29 is refused). */
export const calendarDateSchema = z
  .string({ error: (issue) => (isBlank(issue.input) ? VALUE_REQUIRED : INVALID_DATE) })
  .trim()
  .min(1, { error: VALUE_REQUIRED })
  .refine(isCalendarDate, { error: INVALID_DATE })
  .transform((text) => text as CalendarDate);

export const proRataBody = z.object({
  start_date: calendarDateSchema,
  /** The member's fixed billing date; absent: the first payment is one full period from the start. */
  billing_date: calendarDateSchema.nullish().transform((value) => value ?? null),
});

export const privateLinkBody = z
  .object({ age_bypass: z.boolean({ error: 'Value must be true or false' }).optional().default(false) })
  .nullish();

export const readErrors = errorResponses(400, 401, 403, 404, 409, 422);
export const writeErrors = readErrors;
