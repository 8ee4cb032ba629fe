// Unique-membership rows → answers, with the money and term text from @gym/domain.
import {
  type BillingFrequency,
  billingFrequencyLabel,
  formatMoney,
  formatTerm,
  isBillingFrequency,
  isTermUnit,
} from '@gym/domain';
import type { UniqueMembership } from '@gym/domain/api/offerings';
import type { UniqueMembershipRow } from './unique-memberships.repository';

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
