// The offering and price answers, checked on arrival. Mirrors `offeringSchema` of
// apps/server/src/features/offerings/offerings.presenter.ts and `priceSchema` of
// apps/server/src/features/prices/price.presenter.ts, so drift shows as 'invalid_response', not wrong screens.
import { BILLING_FREQUENCIES, OFFERING_TYPES, TERM_UNITS } from '@gym/domain';
import { z } from 'zod';

const named = z.object({ id: z.number(), name: z.string() });

export const pageMetaSchema = z.object({
  current_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});

export const privateLinkSchema = z.object({
  id: z.number(),
  token: z.string(),
  url: z.string(),
  age_bypass: z.boolean(),
  created_at: z.string(),
});

export const priceSchema = z.object({
  id: z.number(),
  offering_id: z.number(),
  offering: named,
  gym: named.nullable(),
  amount: z.number(),
  formatted_amount: z.string(),
  billing_frequency: z.enum(BILLING_FREQUENCIES),
  billing_frequency_label: z.string(),
  joining_fee: z.number(),
  formatted_joining_fee: z.string(),
  private: z.boolean(),
  term_amount: z.number().nullable(),
  term_unit: z.enum(TERM_UNITS).nullable(),
  is_term_membership: z.boolean(),
  formatted_term: z.string().nullable(),
  formatted_total_value: z.string(),
  formatted_surcharge: z.string(),
  formatted_surcharge_rate: z.string(),
  formatted_amount_with_surcharge: z.string(),
  subscriptions_count: z.number(),
  private_links: z.array(privateLinkSchema),
  archived_at: z.string().nullable(),
});

export const offeringSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(OFFERING_TYPES),
  type_label: z.string(),
  all_gyms_access: z.boolean(),
  mandated: z.boolean(),
  hours_mandated: z.boolean(),
  prices_mandated: z.boolean(),
  gym: named.nullable(),
  gyms: z.array(named),
  prices_count: z.number(),
  archived_at: z.string().nullable(),
});

export const offeringHoursSchema = z.object({
  id: z.number(),
  day: z.number(),
  day_label: z.string(),
  open_at: z.string(),
  close_at: z.string(),
});

export const offeringSchema = offeringSummarySchema.extend({
  prices: z.array(priceSchema),
  hours: z.array(offeringHoursSchema),
});

export const offeringAnswer = z.object({ data: offeringSchema });
export const priceAnswer = z.object({ data: priceSchema });
export const messageAnswer = z.object({ message: z.string() });

export type Price = z.infer<typeof priceSchema>;
export type PrivateLink = z.infer<typeof privateLinkSchema>;
export type OfferingSummary = z.infer<typeof offeringSummarySchema>;
export type Offering = z.infer<typeof offeringSchema>;
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** Query keys of this feature: everything under ['offerings'] is refreshed after a change. */
export const offeringKeys = {
  all: ['offerings'] as const,
  list: (filters: object) => ['offerings', 'list', filters] as const,
  detail: (id: number) => ['offerings', 'detail', id] as const,
};
