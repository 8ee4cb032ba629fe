// A receipt as New Zealand taxable supply information (Goods and Services Tax Act 1985, s 19F): the
// supplier's name and GST number, the date, a description, the amount including GST and the GST in it,
// and above $1,000 the recipient's name and address. The receipt page and the emailed receipt print
// these same lines.
import { formatDate } from './format';
import { gstInInclusive, needsRecipientDetails } from './gst';
import { type Cents, formatMoney } from './money';

export interface TaxableSupply {
  supplierName: string;
  gstNumber: string | null;
  paidAt: Date;
  description: string;
  /** GST inclusive, cents. */
  total: Cents;
  recipient: { name: string; address: string | null };
}

export interface TaxableSupplyFacts {
  gst: Cents;
  recipient: { name: string; address: string | null } | null;
  lines: string[];
}

export function taxableSupply(input: TaxableSupply): TaxableSupplyFacts {
  const gst = gstInInclusive(input.total);
  const recipient = needsRecipientDetails(input.total) ? input.recipient : null;
  const lines = [
    `Supplier: ${input.supplierName}`,
    input.gstNumber ? `GST number: ${input.gstNumber}` : 'GST number: not registered for GST',
    `Date: ${formatDate(input.paidAt, 'long')}`,
    `Description: ${input.description}`,
    `Total including GST: ${formatMoney(input.total)}`,
    `GST included: ${formatMoney(input.gstNumber ? gst : 0)}`,
    ...(recipient
      ? [`Recipient: ${recipient.name}${recipient.address ? `, ${recipient.address}` : ''}`]
      : []),
  ];
  return { gst: input.gstNumber ? gst : 0, recipient, lines };
}
