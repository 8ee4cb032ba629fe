// What a payment staff take by hand (cash or EFTPOS) pays (BILLING.md "Failure, grace and arrears": grace
// clears when nothing is owed any more). Any amount from one cent up to what is owed: it pays the oldest
// unpaid charges first, each in full before the next; where it stops part-way through a charge, that
// charge is part paid. A charge is paid when what was collected against it reaches its total; what is
// still owed on it (its remainder) is its total less what was collected. The running totals that end
// exactly on a charge are offered to staff as the preset amounts.
import { assertCents, type Cents, formatMoney } from './money';

export interface OwedCharge {
  /** Amount plus surcharge, cents. */
  total: Cents;
  /** Already collected against it by earlier part payments (sent payments less refunds), cents. */
  collected?: Cents;
}

/** What is still owed on a charge: its total less what was collected against it, never below nothing. */
export function remainderOf(charge: OwedCharge): Cents {
  return Math.max(0, assertCents(charge.total) - assertCents(charge.collected ?? 0));
}

/** Everything owed: the most one manual payment may be. */
export function mostPayable(owed: readonly OwedCharge[]): Cents {
  return owed.reduce((sum, charge) => sum + remainderOf(charge), 0);
}

/** The running totals that pay whole charges: the first charge's remainder, the first two's, … all. */
export function payableAmounts(owed: readonly OwedCharge[]): Cents[] {
  let sum = 0;
  return owed.map((charge) => {
    sum += remainderOf(charge);
    return sum;
  });
}

/** The oldest charges `amount` pays exactly, or null when it pays none or stops part-way through one. */
export function chargesPaidBy<T extends OwedCharge>(owed: readonly T[], amount: Cents): T[] | null {
  assertCents(amount);
  if (amount <= 0) return null;
  let sum = 0;
  for (let i = 0; i < owed.length; i += 1) {
    sum += remainderOf(owed[i]!);
    if (sum === amount) return owed.slice(0, i + 1);
    if (sum > amount) return null;
  }
  return null;
}

export interface Allocation<T> {
  charge: T;
  /** What this payment pays against the charge, cents (more than nothing). */
  pays: Cents;
  /** Whether the charge is paid in full with it (collected reaches its total). */
  completes: boolean;
}

/**
 * How `amount` is spread over the charges owed (oldest first, as given): each charge's remainder in full
 * before the next, the last one possibly in part. Null when the amount is nothing or more than is owed.
 * Charges with nothing left to pay get no share.
 */
export function allocatePayment<T extends OwedCharge>(
  owed: readonly T[],
  amount: Cents,
): Allocation<T>[] | null {
  assertCents(amount);
  if (amount <= 0 || amount > mostPayable(owed)) return null;
  const out: Allocation<T>[] = [];
  let left = amount;
  for (const charge of owed) {
    if (left === 0) break;
    const remainder = remainderOf(charge);
    if (remainder === 0) continue;
    const pays = Math.min(left, remainder);
    out.push({ charge, pays, completes: pays === remainder });
    left -= pays;
  }
  return out;
}

export interface ChargeParts {
  amount: Cents;
  surcharge: Cents;
}

/**
 * How a sum against a charge splits into the charge's amount and its surcharge: the amount first, then
 * the surcharge, so that the parts of a charge paid in several payments add up to its amount and its
 * surcharge exactly. `collected` is what earlier payments paid of each.
 */
export function partsOf(charge: ChargeParts, collected: ChargeParts, pays: Cents): ChargeParts {
  assertCents(pays);
  const amountLeft = Math.max(0, charge.amount - collected.amount);
  const amount = Math.min(pays, amountLeft);
  return { amount, surcharge: pays - amount };
}

/** What an attempt at a charge still asks for: the charge less what part payments already collected. */
export function remainingParts(charge: ChargeParts, collected: ChargeParts): ChargeParts {
  const total = Math.max(0, charge.amount + charge.surcharge - collected.amount - collected.surcharge);
  const amount = Math.min(total, Math.max(0, charge.amount - collected.amount));
  return { amount, surcharge: total - amount };
}

/** The receipt's and the activity's words for a payment that leaves something owing. */
export function partPaymentSentence(paid: Cents, stillOwing: Cents): string {
  return `Part payment of ${formatMoney(paid)}; ${formatMoney(stillOwing)} still owing`;
}

/** The field message for an amount above what is owed, naming the most that can be taken. */
export function tooMuchMessage(most: Cents): string {
  return `The amount can be at most ${formatMoney(most)}, which is everything owed.`;
}
