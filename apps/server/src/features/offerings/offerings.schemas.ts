// Request and answer schemas of the offering routes (they also make the OpenAPI document).
import { BILLING_FREQUENCIES, idSchema, OFFERING_TYPES, offeringInputSchema, TERM_UNITS } from '@gym/domain';
import { z } from 'zod';
import { errorBody, pageMeta, pageQuery } from '../../http/envelope';
import { offeringSchema, offeringSummarySchema } from './offerings.presenter';

const pathId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const idParam = z.object({ id: pathId });
export const gymParam = z.object({ gym_id: pathId });
export const gymOfferingParams = z.object({ gym_id: pathId, offering_id: pathId });

/** 'true'/'false' (or 1/0) in a query string. */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'], { error: 'Value must be true or false' })
  .transform((v) => v === 'true' || v === '1');

export const offeringListQuery = pageQuery.extend({
  type: z.enum(OFFERING_TYPES, { error: `Value must be one of: ${OFFERING_TYPES.join(', ')}` }).optional(),
  gym_id: pathId.optional(),
  /** false (default): offerings on sale; true: archived offerings. */
  archived: queryBoolean.optional().default(false),
  search: z.string().max(100).optional(),
});

/** The spec's payload, plus the owning gym of a single-gym offering (null or absent otherwise). */
export const offeringBody = offeringInputSchema.safeExtend({
  gym_id: idSchema.nullish().transform((value) => value ?? null),
});
export type OfferingBody = z.output<typeof offeringBody>;

export const offeringAnswer = z.object({ data: offeringSchema });
export const offeringList = z.object({ data: z.array(offeringSummarySchema), meta: pageMeta });
export const offeringDetails = z.object({ data: z.array(offeringSchema) });
export const message = z.object({ message: z.string() });

export const uniqueMembershipSchema = z.object({
  price_id: z.number(),
  /** What these members pay each period: the price, or a staff override of it. */
  amount: z.number().int(),
  formatted_amount: z.string(),
  price_amount: z.number().int(),
  is_forced_amount: z.boolean(),
  billing_frequency: z.enum(BILLING_FREQUENCIES),
  billing_frequency_label: z.string(),
  term_amount: z.number().int().nullable(),
  term_unit: z.enum(TERM_UNITS).nullable(),
  formatted_term: z.string().nullable(),
  price_archived: z.boolean(),
  members_count: z.number().int(),
  subscriptions_count: z.number().int(),
});
export const uniqueMemberships = z.object({ data: z.array(uniqueMembershipSchema) });

export const readErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
export const writeErrors = { ...readErrors, 409: errorBody };
