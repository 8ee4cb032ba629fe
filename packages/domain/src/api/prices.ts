// The price answers of specification section 3, shared by the server (which validates what it sends and
// documents it in OpenAPI) and the page (which checks them on arrival): one price, its private links and
// the pro-rata sum.
import { z } from 'zod';
import { BILLING_FREQUENCIES } from '../billing-frequency';
import { TERM_UNITS } from '../term';
import { envelope, pageEnvelope } from './envelope';

/** A thing named in an answer: `{id, name}` (an offering, a gym). */
export const namedSchema = z.object({ id: z.number(), name: z.string() });
export type Named = z.infer<typeof namedSchema>;

const priceLinkSchema = z.object({
  id: z.number(),
  token: z.string(),
  /** The join-site address that opens this price. */
  url: z.string(),
  age_bypass: z.boolean(),
  created_at: z.string(),
});
export type PriceLink = z.infer<typeof priceLinkSchema>;

export const priceSchema = z.object({
  id: z.number(),
  offering_id: z.number(),
  offering: namedSchema,
  gym: namedSchema.nullable(),
  amount: z.number().int(),
  formatted_amount: z.string(),
  billing_frequency: z.enum(BILLING_FREQUENCIES),
  billing_frequency_label: z.string(),
  joining_fee: z.number().int(),
  formatted_joining_fee: z.string(),
  private: z.boolean(),
  term_amount: z.number().int().nullable(),
  term_unit: z.enum(TERM_UNITS).nullable(),
  is_term_membership: z.boolean(),
  formatted_term: z.string().nullable(),
  short_term_label: z.string().nullable(),
  total_value: z.number().int(),
  formatted_total_value: z.string(),
  surcharge: z.number().int(),
  formatted_surcharge: z.string(),
  formatted_surcharge_rate: z.string(),
  formatted_amount_with_surcharge: z.string(),
  /** The gym whose card surcharge the surcharge fields use; null when the price is not tied to one gym. */
  surcharge_gym_id: z.number().nullable(),
  grouping_unique_identifier: z.string(),
  subscriptions_count: z.number().int(),
  private_links: z.array(priceLinkSchema),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Price = z.infer<typeof priceSchema>;

const proRataSchema = z.object({
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
export type ProRata = z.infer<typeof proRataSchema>;

export const priceAnswer = envelope(priceSchema);
export const priceListAnswer = envelope(z.array(priceSchema));
export const pricePageAnswer = pageEnvelope(priceSchema);
export const proRataAnswer = envelope(proRataSchema);
export const privateLinkAnswer = envelope(priceLinkSchema);
/** The answer of a delete: what happened, in words. */
export const messageAnswer = z.object({ message: z.string() });
