// How prices are named and listed on screen: '$22.99 weekly', shortest frequency first (spec section 9).
import { BILLING_FREQUENCIES } from '@gym/domain';
import type { Price } from '../api/offering-answers';

type Named = Pick<Price, 'formatted_amount' | 'billing_frequency_label'>;

/** The server's amount and frequency words: '$22.99 weekly', '$99.00 one-off'. */
export const priceName = (price: Named): string =>
  `${price.formatted_amount} ${price.billing_frequency_label.toLowerCase()}`;

type Sortable = Pick<Price, 'billing_frequency' | 'amount' | 'id'>;

/** Shortest billing frequency first (one_off last), then cheapest, then oldest. */
export function sortPrices<P extends Sortable>(prices: readonly P[]): P[] {
  const rank = (price: Sortable) => BILLING_FREQUENCIES.indexOf(price.billing_frequency);
  return [...prices].sort((a, b) => rank(a) - rank(b) || a.amount - b.amount || a.id - b.id);
}
