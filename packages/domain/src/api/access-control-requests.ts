// Request bodies of the access-control calls (spec section 7 "Access control") with the spec's messages.
// Kisi's own ids (places, doors) travel as `place_id` and `door_id`; ours as `id`.
import { z } from 'zod';
import { optionalString, requiredEnum, requiredInteger, requiredString } from '../validation-messages';

const INTEGRATION_TYPES = ['kisi'] as const;

/** An API key travels in an HTTP header: printable ASCII without spaces, as Kisi issues them. */
const API_KEY_CHARACTERS = 'The API key may contain only letters, digits and symbols, without spaces';

const WEBHOOK_SECRET_CHARACTERS =
  'The signing key may contain only letters, digits and symbols, without spaces';

export const integrationBody = z.object({
  integration_type: requiredEnum(INTEGRATION_TYPES),
  api_key: requiredString({ max: 500 }).regex(/^[\x21-\x7E]*$/, { error: API_KEY_CHARACTERS }),
  /**
   * The signing key set on the organisation's event webhook integration in Kisi (X-Signature). Absent:
   * the stored one stays; null or empty: none, and the platform's key applies.
   */
  webhook_secret: optionalString({ max: 500 }).refine((value) => !value || /^[\x21-\x7E]*$/.test(value), {
    error: WEBHOOK_SECRET_CHARACTERS,
  }),
});
export type IntegrationBody = z.output<typeof integrationBody>;

/** Kisi's place id, as the places list gives it (text) or as a number. */
export const linkPlaceBody = z.object({
  place_id: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    requiredInteger({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  ),
});

export const doorUpdateBody = z.object({ tracks_visits: z.boolean() });
