// Offering rows → the Offering of specification section 3 (summary for lists; with prices and hours in full;
// its schema: @gym/domain/api/offerings), and unique-membership rows → answers. Pure functions of rows.
import {
  type BillingFrequency,
  billingFrequencyLabel,
  dayLabel,
  formatMoney,
  formatTerm,
  isBillingFrequency,
  isTermUnit,
  type OfferingType,
  offeringTypeLabel,
} from '@gym/domain';
import type { Offering, OfferingSummary, UniqueMembership } from '@gym/domain/api/offerings';
import type { Price } from '@gym/domain/api/prices';
import { isoOrNull } from '../../http/instants';
import type {
  OfferingGymRow,
  OfferingHoursRow,
  OfferingRow,
  UniqueMembershipRow,
} from './offerings.repository';

export function presentSummary(row: OfferingRow, gyms: readonly OfferingGymRow[]): OfferingSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type as OfferingType,
    type_label: offeringTypeLabel(row.type),
    all_gyms_access: row.all_gyms_access,
    mandated: row.mandated,
    hours_mandated: row.hours_mandated,
    prices_mandated: row.prices_mandated,
    gym: row.gym_id !== null && row.gym_name !== null ? { id: row.gym_id, name: row.gym_name } : null,
    gyms: gyms.filter((g) => g.offering_id === row.id).map((g) => ({ id: g.id, name: g.name })),
    prices_count: row.prices_count,
    archived_at: isoOrNull(row.archived_at),
    created_at: isoOrNull(row.created_at)!,
    updated_at: isoOrNull(row.updated_at)!,
  };
}

/** An offering in full: its summary, the prices of it among `prices`, and its hours among `hours`. */
export function presentOffering(
  row: OfferingRow,
  gyms: readonly OfferingGymRow[],
  hours: readonly OfferingHoursRow[],
  prices: readonly Price[],
): Offering {
  return {
    ...presentSummary(row, gyms),
    prices: prices.filter((p) => p.offering_id === row.id),
    hours: hours
      .filter((h) => h.offering_id === row.id)
      .map((h) => ({
        id: h.id,
        day: h.day,
        day_label: dayLabel(h.day),
        open_at: h.open_at,
        close_at: h.close_at,
      })),
  };
}

export function presentUniqueMembership(row: UniqueMembershipRow): UniqueMembership {
  const frequency: BillingFrequency = isBillingFrequency(row.billing_frequency)
    ? row.billing_frequency
    : 'one_off';
  const termUnit = isTermUnit(row.term_unit) ? row.term_unit : null;
  const termAmount = termUnit === null ? null : row.term_amount;
  return {
    price_id: row.price_id,
    amount: row.amount,
    formatted_amount: formatMoney(row.amount),
    price_amount: row.price_amount,
    is_forced_amount: row.amount !== row.price_amount,
    billing_frequency: frequency,
    billing_frequency_label: billingFrequencyLabel(frequency),
    term_amount: termAmount,
    term_unit: termUnit,
    formatted_term: formatTerm({ termAmount, termUnit }),
    price_archived: row.price_archived,
    members_count: row.members_count,
    subscriptions_count: row.subscriptions_count,
  };
}
