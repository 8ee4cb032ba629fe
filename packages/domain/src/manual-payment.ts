// What a payment staff take by hand (cash or EFTPOS) pays (BILLING.md "Failure, grace and arrears": grace
// clears when a manual payment paid every unpaid charge). A charge is paid whole or not at all, oldest
// first, so an amount must end exactly on a charge: the amounts that do are offered to staff.
import { assertCents, type Cents } from './money';

export interface OwedCharge {
  /** Amount plus surcharge, cents. */
  total: Cents;
}

/** The running totals an amount may be: the first charge, the first two, … all of them. */
export function payableAmounts(owed: readonly OwedCharge[]): Cents[] {
  let sum = 0;
  return owed.map((charge) => {
    sum += assertCents(charge.total);
    return sum;
  });
}

/** The oldest charges `amount` pays exactly, or null when it pays none or stops part-way through one. */
export function chargesPaidBy<T extends OwedCharge>(owed: readonly T[], amount: Cents): T[] | null {
  assertCents(amount);
  if (amount <= 0) return null;
  let sum = 0;
  for (let i = 0; i < owed.length; i += 1) {
    sum += owed[i]!.total;
    if (sum === amount) return owed.slice(0, i + 1);
    if (sum > amount) return null;
  }
  return null;
}
