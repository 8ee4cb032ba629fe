// Price rows → the Price of specification section 3 (its schema: @gym/domain/api/prices). Every derived
// field comes from @gym/domain.
import {
  type BillingFrequency,
  billingFrequencyLabel,
  isBillingFrequency,
  isTermUnit,
  priceDerivedFields,
} from '@gym/domain';
import type { Price, PriceLink } from '@gym/domain/api/prices';
import { isoOrNull } from '../../http/instants';
import type { PriceLinkRow, PriceRow } from './prices.repository';

function privateLinkUrl(registerUrl: string, token: string): string {
  const url = new URL('/', registerUrl);
  url.searchParams.set('price_link', token);
  return url.toString();
}

export function presentLink(registerUrl: string, link: PriceLinkRow): PriceLink {
  return {
    id: link.id,
    token: link.token,
    url: privateLinkUrl(registerUrl, link.token),
    age_bypass: link.age_bypass,
    created_at: isoOrNull(link.created_at)!,
  };
}

export function presentPrice(registerUrl: string, row: PriceRow, links: readonly PriceLinkRow[]): Price {
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
    archived_at: isoOrNull(row.archived_at),
    created_at: isoOrNull(row.created_at)!,
    updated_at: isoOrNull(row.updated_at)!,
  };
}
