import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrears } from './billing-schedule';
import {
  allocatePayment,
  chargesPaidBy,
  mostPayable,
  partPaymentSentence,
  partsOf,
  payableAmounts,
  remainderOf,
  remainingParts,
  tooMuchMessage,
} from './manual-payment';

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

describe('part payments', () => {
  it('pays the oldest charges first, the last one in part', () => {
    expect(allocatePayment(owed, 3000)).toEqual([
      { charge: owed[0], pays: 2100, completes: true },
      { charge: owed[1], pays: 900, completes: false },
    ]);
    expect(allocatePayment(owed, 1)).toEqual([{ charge: owed[0], pays: 1, completes: false }]);
  });

  it('owes a part-paid charge its remainder, and the preset amounts start from it', () => {
    const partPaid = [{ total: 2100, collected: 900 }, { total: 2100 }];
    expect(remainderOf(partPaid[0]!)).toBe(1200);
    expect(mostPayable(partPaid)).toBe(3300);
    expect(payableAmounts(partPaid)).toEqual([1200, 3300]);
    expect(allocatePayment(partPaid, 1200)).toEqual([{ charge: partPaid[0], pays: 1200, completes: true }]);
  });

  it('refuses nothing and more than is owed, naming the most', () => {
    expect(allocatePayment(owed, 0)).toBeNull();
    expect(allocatePayment(owed, 8701)).toBeNull();
    expect(allocatePayment([], 1)).toBeNull();
    expect(allocatePayment(owed, 8700)?.every((a) => a.completes)).toBe(true);
    expect(tooMuchMessage(8700)).toBe('The amount can be at most $87.00, which is everything owed.');
  });

  it('pays the amount before the surcharge, so the parts add up to the charge', () => {
    const charge = { amount: 5000, surcharge: 100 };
    expect(partsOf(charge, { amount: 0, surcharge: 0 }, 3000)).toEqual({ amount: 3000, surcharge: 0 });
    expect(partsOf(charge, { amount: 3000, surcharge: 0 }, 2050)).toEqual({ amount: 2000, surcharge: 50 });
    expect(remainingParts(charge, { amount: 3000, surcharge: 0 })).toEqual({ amount: 2000, surcharge: 100 });
    expect(remainingParts(charge, { amount: 5000, surcharge: 50 })).toEqual({ amount: 0, surcharge: 50 });
    expect(remainingParts(charge, { amount: 0, surcharge: 0 })).toEqual(charge);
  });

  it('says what was paid and what is still owing', () => {
    expect(partPaymentSentence(3000, 1200)).toBe('Part payment of $30.00; $12.00 still owing');
  });

  it('reads arrears from what is left of each charge', () => {
    const standing = [
      { kind: 'period', status: 'unpaid', total: 2100, failed: true, collected: 900 },
      { kind: 'period', status: 'unpaid', total: 2100, failed: true },
      { kind: 'period', status: 'paid', total: 2100, failed: true, collected: 2100 },
    ];
    expect(arrears(standing)).toEqual({ balanceOwing: 3300, periodsOwing: 2 });
  });

  const chargeList = fc.array(
    fc
      .record({
        total: fc.integer({ min: 1, max: 500_000 }),
        share: fc.double({ min: 0, max: 0.999, noNaN: true }),
      })
      .map(({ total, share }) => ({ total, collected: Math.floor(total * share) })),
    { minLength: 1, maxLength: 12 },
  );

  it('any amount up to what is owed: oldest first, balance falls by it, periods count the charges not fully paid', () => {
    fc.assert(
      fc.property(chargeList, fc.double({ min: 0, max: 1, noNaN: true }), (list, fraction) => {
        const most = mostPayable(list);
        const amount = Math.max(1, Math.round(most * fraction));
        const split = allocatePayment(list, amount);
        expect(split).not.toBeNull();
        expect(split!.reduce((sum, a) => sum + a.pays, 0)).toBe(amount);
        // Oldest first: every charge before the last one paid is paid in full.
        expect(split!.slice(0, -1).every((a) => a.completes)).toBe(true);
        expect(split!.map((a) => a.charge)).toEqual(list.slice(0, split!.length));
        for (const a of split!) expect(a.pays).toBeLessThanOrEqual(remainderOf(a.charge));
        // Apply it and read the arrears again, as the engine does.
        const after = list.map((c) => {
          const a = split!.find((x) => x.charge === c);
          const collected = (c.collected ?? 0) + (a?.pays ?? 0);
          return {
            kind: 'period',
            status: collected >= c.total ? 'paid' : 'unpaid',
            total: c.total,
            failed: true,
            collected,
          };
        });
        const before = arrears(list.map((c) => ({ ...c, kind: 'period', status: 'unpaid', failed: true })));
        const now = arrears(after);
        expect(before.balanceOwing).toBe(most);
        expect(now.balanceOwing).toBe(most - amount);
        expect(now.periodsOwing).toBe(after.filter((c) => c.collected < c.total).length);
        // Nothing owed exactly when everything was paid.
        expect(now.balanceOwing === 0).toBe(amount === most);
      }),
    );
    fc.assert(
      fc.property(chargeList, fc.integer({ min: 1, max: 1000 }), (list, over) => {
        expect(allocatePayment(list, mostPayable(list) + over)).toBeNull();
      }),
    );
  });

  it('parts of a charge paid in any number of payments add up to its amount and surcharge', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500_000 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.array(fc.integer({ min: 1, max: 600_000 }), { minLength: 1, maxLength: 8 }),
        (amount, surcharge, payments) => {
          const charge = { amount, surcharge };
          const collected = { amount: 0, surcharge: 0 };
          for (const p of payments) {
            const left = remainingParts(charge, collected);
            const pays = Math.min(p, left.amount + left.surcharge);
            if (pays === 0) break;
            const part = partsOf(charge, collected, pays);
            expect(part.amount + part.surcharge).toBe(pays);
            expect(part.amount).toBeGreaterThanOrEqual(0);
            expect(part.surcharge).toBeGreaterThanOrEqual(0);
            collected.amount += part.amount;
            collected.surcharge += part.surcharge;
          }
          const left = remainingParts(charge, collected);
          expect(collected.amount + left.amount).toBe(amount);
          expect(collected.surcharge + left.surcharge).toBe(surcharge);
        },
      ),
    );
  });
});
