// Request schemas and error answers of the offering routes (they also make the OpenAPI document). The
// answers are shared with the page: @gym/domain/api/offerings.
import { idSchema, OFFERING_TYPES, offeringInputSchema } from '@gym/domain';
import { z } from 'zod';
import { errorResponses, pageQuery } from '../../http/envelope';

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

export const readErrors = errorResponses(400, 401, 403, 404, 422);
export const writeErrors = errorResponses(400, 401, 403, 404, 409, 422);
