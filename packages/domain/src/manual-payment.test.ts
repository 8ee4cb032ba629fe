import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chargesPaidBy, payableAmounts } from './manual-payment';

const owed = [{ total: 2100 }, { total: 2100 }, { total: 4500 }];

describe('manual payments', () => {
  it('offers the running totals of the charges owed, oldest first', () => {
    expect(payableAmounts(owed)).toEqual([2100, 4200, 8700]);
    expect(payableAmounts([])).toEqual([]);
  });

  it('pays whole charges, oldest first', () => {
    expect(chargesPaidBy(owed, 2100)).toEqual([owed[0]]);
    expect(chargesPaidBy(owed, 8700)).toEqual(owed);
  });

  it('refuses an amount that stops part-way through a charge, pays more than is owed, or is nothing', () => {
    expect(chargesPaidBy(owed, 3000)).toBeNull();
    expect(chargesPaidBy(owed, 9000)).toBeNull();
    expect(chargesPaidBy(owed, 0)).toBeNull();
    expect(chargesPaidBy([], 100)).toBeNull();
  });

  it('pays exactly the amount, and only for the amounts it offers', () => {
    const charges = fc.array(fc.record({ total: fc.integer({ min: 1, max: 500_000 }) }), { maxLength: 12 });
    fc.assert(
      fc.property(charges, fc.integer({ min: 1, max: 7_000_000 }), (list, amount) => {
        const paid = chargesPaidBy(list, amount);
        const offered = payableAmounts(list).includes(amount);
        expect(paid !== null).toBe(offered);
        if (paid) {
          expect(paid.reduce((sum, c) => sum + c.total, 0)).toBe(amount);
          expect(paid).toEqual(list.slice(0, paid.length));
        }
      }),
    );
  });
});
