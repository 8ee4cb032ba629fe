// Requests of the access-control calls (spec section 7 "Access control") with the spec's messages.
// Kisi's own ids (places, doors) travel as `place_id` and `door_id`; ours as `id`.
import { requiredEnum, requiredInteger, requiredString } from '@gym/domain/validation-messages';
import { z } from 'zod';

const recordId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const idParam = z.object({ id: recordId });
export const placeParams = idParam.extend({ place_id: recordId });
export const doorParams = placeParams.extend({ door_id: recordId });

export const INTEGRATION_TYPES = ['kisi'] as const;

export const integrationBodySchema = z.object({
  integration_type: requiredEnum(INTEGRATION_TYPES),
  api_key: requiredString({ max: 500 }),
});
export type IntegrationBody = z.output<typeof integrationBodySchema>;

/** Kisi's place id, as the places list gives it (text) or as a number. */
export const linkPlaceBodySchema = z.object({
  place_id: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    requiredInteger({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  ),
});

export const doorUpdateBodySchema = z.object({ tracks_visits: z.boolean() });
