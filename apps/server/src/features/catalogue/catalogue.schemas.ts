// Path and query schemas and error answers of the offering and price routes. The bodies and answers are
// shared with the page: @gym/domain/api/catalogue-requests, @gym/domain/api/offerings and …/prices.

import { OFFERING_TYPES } from '@gym/domain';
import { z } from 'zod';
import { errorResponses, pageQuery } from '../../http/envelope';
import { recordId } from '../../http/params';

export const gymParam = z.object({ gym_id: recordId });
export const gymOfferingParams = z.object({ gym_id: recordId, offering_id: recordId });

/** 'true'/'false' (or 1/0) in a query string. */
const queryBoolean = z
  .enum(['true', 'false', '1', '0'], { error: 'Value must be true or false' })
  .transform((v) => v === 'true' || v === '1');

export const offeringListQuery = pageQuery.extend({
  type: z.enum(OFFERING_TYPES, { error: `Value must be one of: ${OFFERING_TYPES.join(', ')}` }).optional(),
  gym_id: recordId.optional(),
  /** false (default): offerings on sale; true: archived offerings. */
  archived: queryBoolean.optional().default(false),
  search: z.string().max(100).optional(),
});

export const offeringReadErrors = errorResponses(400, 401, 403, 404, 422);
export const writeErrors = errorResponses(400, 401, 403, 404, 409, 422);

// Prices

export const priceIdParam = z.object({ price_id: recordId });

export const offeringPricesQuery = z.object({
  /** Absent: every price; false: on sale only; true: archived only. */
  archived: queryBoolean.optional(),
});

export const organisationPricesQuery = pageQuery.extend({
  /** false (default): on sale; true: archived. */
  archived: queryBoolean.optional().default(false),
  offering_id: recordId.optional(),
  /** Prices a member of this gym could take (and surcharges at its rate). */
  gym_id: recordId.optional(),
});

/** Price reads include the pro-rata calculation, which answers 409 for a one-off price. */
export const priceReadErrors = writeErrors;
