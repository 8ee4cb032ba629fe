import { describe, expect, it } from 'vitest';
import { calendarDate } from './calendar-date';
import { chargeAmount, forcedPriceInEffect, priceInEffect, surchargeForPaymentType } from './charge-amount';

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

describe('surcharge for the way a charge is paid now', () => {
  const card = { amount: 3500, surcharge: 70, paymentType: 'stripe_card', cardSurchargeBasisPoints: 200 };

  it('drops the card surcharge when the charge moves to a bank account', () => {
    expect(surchargeForPaymentType({ ...card, paymentType: 'bank_account' })).toBe(0);
  });

  it('adds the gym rate on the whole charge when it moves to a card', () => {
    expect(surchargeForPaymentType({ ...card, surcharge: 0 })).toBe(70);
    expect(
      surchargeForPaymentType({ ...card, surcharge: 0, amount: 1525, cardSurchargeBasisPoints: 250 }),
    ).toBe(38);
  });

  it('keeps the surcharge a card charge was made with on another card (the rate changed since)', () => {
    expect(surchargeForPaymentType({ ...card, cardSurchargeBasisPoints: 300 })).toBe(70);
  });

  it('agrees with the charge amount for a charge made on either way of paying', () => {
    for (const paymentType of ['bank_account', 'stripe_card']) {
      for (const made of ['bank_account', 'stripe_card']) {
        const charge = chargeAmount({ ...base, paymentType: made });
        expect(
          surchargeForPaymentType({
            amount: charge.amount,
            surcharge: charge.surcharge,
            paymentType,
            cardSurchargeBasisPoints: base.cardSurchargeBasisPoints,
          }),
        ).toBe(chargeAmount({ ...base, paymentType }).surcharge);
      }
    }
  });
});

describe('the override that priced a period (a payment’s force_amount)', () => {
  const base = { priceAmount: 2500, periodStart: calendarDate('2026-03-09') };
  it('is the override until a scheduled change takes effect, and null without one', () => {
    expect(forcedPriceInEffect({ ...base, forcePriceAmount: 1800 })).toBe(1800);
    expect(forcedPriceInEffect({ ...base, forcePriceAmount: null })).toBeNull();
    const change = { amount: 3000, takesEffectAt: calendarDate('2026-03-09') };
    expect(forcedPriceInEffect({ ...base, forcePriceAmount: 1800, transition: change })).toBeNull();
    expect(priceInEffect({ ...base, forcePriceAmount: 1800, transition: change })).toBe(3000);
    const later = { ...change, takesEffectAt: calendarDate('2026-03-16') };
    expect(forcedPriceInEffect({ ...base, forcePriceAmount: 1800, transition: later })).toBe(1800);
    expect(priceInEffect({ ...base, forcePriceAmount: 1800, transition: later })).toBe(1800);
  });
});
