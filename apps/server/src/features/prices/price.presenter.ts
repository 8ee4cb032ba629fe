// Price rows → the Price of specification section 3. Every derived field comes from @gym/domain.
import {
  BILLING_FREQUENCIES,
  type BillingFrequency,
  billingFrequencyLabel,
  isBillingFrequency,
  isTermUnit,
  priceDerivedFields,
  TERM_UNITS,
} from '@gym/domain';
import { z } from 'zod';
import type { PriceLinkRow, PriceRow } from './prices.repository';

const named = z.object({ id: z.number(), name: z.string() });

export const priceLinkSchema = z.object({
  id: z.number(),
  token: z.string(),
  /** The join-site address that opens this price. */
  url: z.string(),
  age_bypass: z.boolean(),
  created_at: z.string(),
});

export const priceSchema = z.object({
  id: z.number(),
  offering_id: z.number(),
  offering: named,
  gym: named.nullable(),
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
export type PriceAnswer = z.infer<typeof priceSchema>;

export const iso = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

export function privateLinkUrl(registerUrl: string, token: string): string {
  const url = new URL('/', registerUrl);
  url.searchParams.set('price_link', token);
  return url.toString();
}

export function presentLink(registerUrl: string, link: PriceLinkRow) {
  return {
    id: link.id,
    token: link.token,
    url: privateLinkUrl(registerUrl, link.token),
    age_bypass: link.age_bypass,
    created_at: iso(link.created_at)!,
  };
}

export function presentPrice(
  registerUrl: string,
  row: PriceRow,
  links: readonly PriceLinkRow[],
): PriceAnswer {
  const frequency: BillingFrequency = isBillingFrequency(row.billing_frequency)
    ? row.billing_frequency
    : 'one_off';
  const termUnit = isTermUnit(row.term_unit) ? row.term_unit : null;
  const derived = priceDerivedFields(
    {
      amount: row.amount,
      billingFrequency: frequency,
      joiningFee: row.joining_fee,
      termAmount: row.term_amount,
      termUnit,
    },
    row.surcharge_basis_points,
  );
  return {
    id: row.id,
    offering_id: row.offering_id,
    offering: { id: row.offering_id, name: row.offering_name },
    gym: row.gym_id !== null && row.gym_name !== null ? { id: row.gym_id, name: row.gym_name } : null,
    amount: row.amount,
    billing_frequency: frequency,
    billing_frequency_label: billingFrequencyLabel(frequency),
    joining_fee: row.joining_fee,
    private: row.private,
    term_amount: termUnit === null ? null : row.term_amount,
    term_unit: termUnit,
    ...derived,
    surcharge_gym_id: row.surcharge_gym_id,
    grouping_unique_identifier: row.grouping_unique_identifier,
    subscriptions_count: row.subscriptions_count,
    private_links: links.filter((l) => l.price_id === row.id).map((l) => presentLink(registerUrl, l)),
    archived_at: iso(row.archived_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}
