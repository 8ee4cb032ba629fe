import { describe, expect, it } from 'vitest';
import { calendarDate } from './calendar-date';
import { chargeAmount, priceInEffect } from './charge-amount';

const d = calendarDate;
const base = {
  priceAmount: 1500,
  periodStart: d('2025-06-02'),
  paymentType: 'bank_account',
  cardSurchargeBasisPoints: 250,
};

describe('charge amount', () => {
  it('bank payments carry no surcharge, cards carry the gym rate', () => {
    expect(chargeAmount(base)).toEqual({ amount: 1500, surcharge: 0, total: 1500 });
    expect(chargeAmount({ ...base, paymentType: 'stripe_card' })).toEqual({
      amount: 1500,
      surcharge: 38,
      total: 1538,
    });
  });

  it('uses a forced price, and a scheduled change from its date on', () => {
    expect(priceInEffect({ ...base, forcePriceAmount: 1200 })).toBe(1200);
    const transition = { amount: 1700, takesEffectAt: d('2025-06-02') };
    expect(priceInEffect({ ...base, transition })).toBe(1700);
    expect(priceInEffect({ ...base, forcePriceAmount: 1200, transition })).toBe(1700);
    expect(priceInEffect({ ...base, transition: { ...transition, takesEffectAt: d('2025-06-03') } })).toBe(
      1500,
    );
    expect(priceInEffect({ ...base, forcePriceAmount: 0 })).toBe(0);
  });

  it('refuses fractional cents', () => {
    expect(() => chargeAmount({ ...base, priceAmount: 15.5 })).toThrow(RangeError);
  });
});
