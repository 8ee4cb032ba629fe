// The offering answers of specification section 3 (a summary for lists; with prices and hours in full),
// and the unique memberships of an offering at a gym. Shared by the server (which validates what it sends
// and documents it in OpenAPI) and the page (which checks them on arrival).
import { z } from 'zod';
import { BILLING_FREQUENCIES } from '../billing-frequency';
import { OFFERING_TYPES } from '../offering';
import { TERM_UNITS } from '../term';
import { envelope, pageEnvelope } from './envelope';
import { namedSchema, priceSchema } from './prices';

export const offeringHoursSchema = z.object({
  id: z.number(),
  day: z.number().int(),
  day_label: z.string(),
  open_at: z.string(),
  close_at: z.string(),
});
export type OfferingHours = z.infer<typeof offeringHoursSchema>;

const offeringSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(OFFERING_TYPES),
  type_label: z.string(),
  all_gyms_access: z.boolean(),
  mandated: z.boolean(),
  hours_mandated: z.boolean(),
  prices_mandated: z.boolean(),
  /** The owning gym of a single-gym offering. */
  gym: namedSchema.nullable(),
  /** The gyms the offering opens when it is not all-gyms (empty for all-gyms offerings). */
  gyms: z.array(namedSchema),
  /** Prices on sale (not archived). */
  prices_count: z.number().int(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OfferingSummary = z.infer<typeof offeringSummarySchema>;

const offeringSchema = offeringSummarySchema.extend({
  prices: z.array(priceSchema),
  hours: z.array(offeringHoursSchema),
});
export type Offering = z.infer<typeof offeringSchema>;

const uniqueMembershipSchema = z.object({
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
export type UniqueMembership = z.infer<typeof uniqueMembershipSchema>;

export const offeringAnswer = envelope(offeringSchema);
export const offeringPageAnswer = pageEnvelope(offeringSummarySchema);
export const offeringListAnswer = envelope(z.array(offeringSchema));
export const uniqueMembershipsAnswer = envelope(z.array(uniqueMembershipSchema));
