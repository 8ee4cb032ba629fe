// A member's saved ways to pay: the one name each goes by everywhere (join site, account, staff pages,
// receipts, mail), and whether it is offered again. Small and free of dates and money, so the join
// site's screens can use it without growing.

/** A code made readable: 'DO_NOT_HONOR' → 'Do not honor'. */
export const sentenceCase = (code: string) => {
  const words = code
    .replaceAll(/[_.:]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** A card scheme as a person reads it: 'visa' → 'Visa', 'amex' → 'American Express'. */
export const cardBrandLabel = (brand: string) =>
  CARD_BRANDS[brand.trim().toLowerCase()] ?? (brand.trim() ? sentenceCase(brand) : 'Card');

/** A saved payment method: 'Visa ending 4242', 'Bank account 12-3456-0123456-00'. Never 'Card #12'. */
export function paymentMethodLabel(
  method:
    | { kind: 'stripe_card'; brand: string; last_four: string }
    | { kind: 'bank_account'; account_number: string }
    | { kind: string },
): string {
  if (method.kind === 'stripe_card' && 'last_four' in method) {
    return `${cardBrandLabel(method.brand)} ending ${method.last_four}`;
  }
  if (method.kind === 'bank_account' && 'account_number' in method) {
    return `Bank account ${method.account_number}`;
  }
  return method.kind === 'stripe_card' ? 'Card' : method.kind === 'bank_account' ? 'Bank account' : 'Other';
}

/**
 * The same name from a flat row (brand, last four, account number as the database keeps them), for the
 * server's lists, receipts and mail.
 */
export function savedMethodLabel(row: {
  type: string;
  brand?: string | null;
  last_four?: string | null;
  account_number?: string | null;
}): string {
  if (row.type === 'stripe_card' && row.last_four)
    return paymentMethodLabel({ kind: 'stripe_card', brand: row.brand ?? '', last_four: row.last_four });
  if (row.type === 'bank_account' && row.account_number)
    return paymentMethodLabel({ kind: 'bank_account', account_number: row.account_number });
  return paymentMethodLabel({ kind: row.type });
}

/**
 * When a way to pay stopped being offered: the moment its payment at confirmation (the join site's
 * "Confirm and pay") was declined, if it has paid nothing since (no attempt by it settled or is on its
 * way). A gym owner expects a card that just failed not to be offered again as "use one you added
 * before"; the member adds another card or a bank account (BILLING.md "A first payment declined at
 * confirmation is not a debt … the member may try another method"). A method that paid before and
 * failed later is still offered: the member may have topped it up.
 */
export function declinedAtConfirmation(facts: {
  /** The latest declined attempt made by confirming with this method, if any. */
  confirmDeclinedAt: Date | string | null;
  /** Any attempt by this method settled or still on its way. */
  everPaidOrPending: boolean;
}): string | null {
  if (facts.everPaidOrPending || facts.confirmDeclinedAt === null) return null;
  return new Date(facts.confirmDeclinedAt).toISOString();
}

/** Whether a saved way to pay is offered to pay with (the join site's "use one you added before", the account's "Pay by this"). */
export const isOfferedAgain = (method: { declined_at: string | null }) => method.declined_at === null;

/** Why a way to pay is refused when chosen again. */
export const DECLINED_METHOD_REFUSED =
  'This way to pay was declined when you confirmed. Add another card or connect your bank account.';

/** How the method reads inside a sentence of a member's mail: 'your Visa ending 4242', 'your bank account'. */
export function methodInSentence(row: {
  type: string | null;
  brand: string | null;
  last_four: string | null;
}) {
  if (row.type === 'stripe_card' && row.last_four)
    return `your ${paymentMethodLabel({ kind: 'stripe_card', brand: row.brand ?? '', last_four: row.last_four })}`;
  if (row.type === 'bank_account') return 'your bank account';
  return null;
}
