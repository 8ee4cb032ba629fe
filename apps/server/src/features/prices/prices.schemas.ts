// Request and answer schemas of the price routes (they also make the OpenAPI document).
import { type CalendarDate, isBlank, isCalendarDate, priceInputSchema, VALUE_REQUIRED } from '@gym/domain';
import { z } from 'zod';
import { errorBody, pageMeta, pageQuery } from '../../http/envelope';
import { priceLinkSchema, priceSchema } from './price.presenter';

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

export const proRataSchema = z.object({
  price_id: z.number(),
  start_date: z.string(),
  billing_date: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  period_days: z.number().int(),
  remaining_days: z.number().int(),
  full_amount: z.number().int(),
  formatted_full_amount: z.string(),
  /** The pro-rata charge for the days from the start date up to the billing date. */
  amount: z.number().int(),
  formatted_amount: z.string(),
  joining_fee: z.number().int(),
  formatted_joining_fee: z.string(),
  /** Joining fee plus the pro-rata amount: what confirming charges (before any card surcharge). */
  first_payment: z.number().int(),
  formatted_first_payment: z.string(),
  explanation: z.string(),
});

export const priceAnswer = z.object({ data: priceSchema });
export const priceListAnswer = z.object({ data: z.array(priceSchema) });
export const pricePageAnswer = z.object({ data: z.array(priceSchema), meta: pageMeta });
export const proRataAnswer = z.object({ data: proRataSchema });
export const privateLinkAnswer = z.object({ data: priceLinkSchema });
export const message = z.object({ message: z.string() });

export const readErrors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
};
export const writeErrors = readErrors;
