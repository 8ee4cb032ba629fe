// Request bodies of the offering and price calls (spec section 7 "Offerings and prices"): the server
// validates with them (and documents them in OpenAPI); the page's drafts check with the same schemas.
import { z } from 'zod';
import { type CalendarDate, DATE_OUT_OF_RANGE, isCalendarDate, isWithinRequestRange } from '../calendar-date';
import { offeringInputSchema } from '../offering';
import { priceInputSchema } from '../price-schema';
import { updateBodyOf } from '../update-body';
import { idSchema, isBlank, VALUE_REQUIRED } from '../validation-messages';

/** The spec's payload, plus the owning gym of a single-gym offering (null or absent otherwise). */
export const offeringBody = offeringInputSchema.safeExtend({
  gym_id: idSchema.nullish().transform((value) => value ?? null),
});
export type OfferingBody = z.output<typeof offeringBody>;

/** PUT /api/offerings/{id}: any of the fields (absent: unchanged); the offering after it passes `offeringBody`. */
export const offeringUpdateBody = updateBodyOf(offeringInputSchema).safeExtend({
  gym_id: idSchema.nullish(),
});
export type OfferingUpdate = z.output<typeof offeringUpdateBody>;

export const priceBody = priceInputSchema;
export { type PriceUpdate, priceUpdateBody } from '../price-schema';

export const INVALID_DATE = 'Value must be a valid date (YYYY-MM-DD)';

/** A strict 'YYYY-MM-DD' calendar date (2025-02-29 is refused) from 1900 to 2100. */
export const calendarDateSchema = z
  .string({ error: (issue) => (isBlank(issue.input) ? VALUE_REQUIRED : INVALID_DATE) })
  .trim()
  .min(1, { error: VALUE_REQUIRED })
  .refine(isCalendarDate, { error: INVALID_DATE })
  // Not `abort`: that would also stop the object's own rules, which show beside the field errors.
  .refine((text) => !isCalendarDate(text) || isWithinRequestRange(text), { error: DATE_OUT_OF_RANGE })
  .transform((text) => text as CalendarDate);

export const proRataBody = z.object({
  start_date: calendarDateSchema,
  /** The member's fixed billing date; absent: the first payment is one full period from the start. */
  billing_date: calendarDateSchema.nullish().transform((value) => value ?? null),
});

export const privateLinkBody = z
  .object({ age_bypass: z.boolean({ error: 'Value must be true or false' }).optional().default(false) })
  .nullish();
