// Goods and services tax in a GST-inclusive amount (New Zealand, 15 %): the tax is 3/23 of the amount,
// rounded once, half up, to the cent. Receipts show it beside the amount; everything else stays inclusive.
import { type Cents, mulDivRoundHalfUp } from './money';

/** The GST contained in a GST-inclusive amount in cents: 3/23 of it, rounded once half up. */
export function gstInInclusive(amountInclusive: Cents): Cents {
  return mulDivRoundHalfUp(amountInclusive, 3, 23);
}

/**
 * Above this total (cents, GST inclusive) taxable supply information must also name the recipient and
 * their address (Goods and Services Tax Act 1985, s 19F: supplies over $1,000).
 */
export const RECIPIENT_DETAILS_ABOVE: Cents = 100_000;

export const needsRecipientDetails = (amountInclusive: Cents): boolean =>
  amountInclusive > RECIPIENT_DETAILS_ABOVE;
