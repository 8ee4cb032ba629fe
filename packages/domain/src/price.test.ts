import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BILLING_FREQUENCIES, periodsBetween, RECURRING_FREQUENCIES } from './billing-frequency';
import { cardSurcharge, periodsInTerm, priceDerivedFields, totalValue } from './price';
import { termEndDate } from './term';
import { calendarDateArb, centsArb } from './test-arbitraries';

describe('price derived fields', () => {
  it('fills in what the API shows for a term price with a card surcharge', () => {
    const fields = priceDerivedFields(
      { amount: 1500, billingFrequency: 'weekly', joiningFee: 5000, termAmount: 12, termUnit: 'months' },
      250,
    );
    expect(fields).toEqual({
      formatted_amount: '$15.00',
      formatted_joining_fee: '$50.00',
      is_term_membership: true,
      formatted_term: '12 months',
      short_term_label: '12 months membership',
      total_value: 83000, // $50 + 52 × $15
      formatted_total_value: '$830.00',
      surcharge: 38, // 2.5 % of $15.00 = 37.5c → 38c
      formatted_surcharge: '$0.38',
      formatted_surcharge_rate: '2.5%',
      formatted_amount_with_surcharge: '$15.38',
    });
  });

  it('gives a flexi price one period plus the joining fee and no surcharge by default', () => {
    const fields = priceDerivedFields({
      amount: 6000,
      billingFrequency: 'monthly',
      joiningFee: null,
      termAmount: null,
      termUnit: null,
    });
    expect(fields).toMatchObject({
      is_term_membership: false,
      formatted_term: null,
      short_term_label: null,
      total_value: 6000,
      surcharge: 0,
      formatted_amount_with_surcharge: '$60.00',
    });
  });

  it('counts charges in a term', () => {
    expect(periodsInTerm({ termAmount: 12, termUnit: 'months' }, 'weekly')).toBe(52);
    expect(periodsInTerm({ termAmount: 12, termUnit: 'months' }, 'fortnightly')).toBe(26);
    expect(periodsInTerm({ termAmount: 6, termUnit: 'months' }, 'fortnightly')).toBe(13);
    expect(periodsInTerm({ termAmount: 1, termUnit: 'years' }, 'daily')).toBe(365);
    expect(periodsInTerm({ termAmount: 12, termUnit: 'months' }, 'monthly')).toBe(12);
    expect(periodsInTerm({ termAmount: 5, termUnit: 'months' }, 'quarterly')).toBe(2);
    expect(periodsInTerm({ termAmount: 10, termUnit: 'days' }, 'weekly')).toBe(2);
    expect(periodsInTerm({ termAmount: 52, termUnit: 'weeks' }, 'monthly')).toBe(12);
    expect(periodsInTerm({ termAmount: 1, termUnit: 'weeks' }, 'yearly')).toBe(1);
    expect(periodsInTerm({ termAmount: 12, termUnit: 'months' }, 'one_off')).toBe(1);
  });

  it('matches the real count of charges whenever term and period are measured alike', () => {
    const alike = fc.oneof(
      fc.record({
        termUnit: fc.constantFrom('days' as const, 'weeks' as const),
        termAmount: fc.integer({ min: 1, max: 120 }),
        frequency: fc.constantFrom('daily' as const, 'weekly' as const, 'fortnightly' as const),
      }),
      fc.record({
        termUnit: fc.constantFrom('months' as const, 'years' as const),
        termAmount: fc.integer({ min: 1, max: 120 }),
        frequency: fc.constantFrom(
          'monthly' as const,
          'bi_monthly' as const,
          'quarterly' as const,
          'twice_yearly' as const,
          'yearly' as const,
        ),
      }),
    );
    fc.assert(
      fc.property(alike, calendarDateArb(2000, 2040), ({ termUnit, termAmount, frequency }, start) => {
        const term = { termAmount, termUnit };
        const end = termEndDate(start, term);
        const day = Number(start.slice(8));
        expect(periodsInTerm(term, frequency)).toBe(periodsBetween(start, end, frequency, day));
      }),
    );
  });

  it('total value is whole cents, at least the amount plus joining fee, and grows with the term', () => {
    fc.assert(
      fc.property(
        centsArb,
        centsArb,
        fc.constantFrom(...BILLING_FREQUENCIES),
        fc.constantFrom('days' as const, 'weeks' as const, 'months' as const, 'years' as const),
        fc.integer({ min: 1, max: 119 }),
        (amount, joiningFee, billingFrequency, termUnit, termAmount) => {
          const price = { amount, joiningFee, billingFrequency, termUnit, termAmount };
          const total = totalValue(price);
          expect(Number.isSafeInteger(total)).toBe(true);
          expect(total).toBeGreaterThanOrEqual(amount + joiningFee);
          expect(totalValue({ ...price, termAmount: termAmount + 1 })).toBeGreaterThanOrEqual(total);
        },
      ),
    );
  });

  it('surcharges card amounts, half up, never beyond the rate', () => {
    expect(cardSurcharge(1000, 0)).toBe(0);
    expect(cardSurcharge(1999, 250)).toBe(50); // 49.975 → 50
    expect(() => cardSurcharge(1000, -1)).toThrow(RangeError);
    fc.assert(
      fc.property(centsArb, fc.integer({ min: 0, max: 1000 }), (amount, bp) => {
        const surcharge = cardSurcharge(amount, bp);
        expect(surcharge).toBeGreaterThanOrEqual(0);
        expect(surcharge * 10_000).toBeLessThanOrEqual(amount * bp + 5_000);
      }),
    );
  });

  it('covers every recurring frequency', () => {
    for (const f of RECURRING_FREQUENCIES) {
      expect(periodsInTerm({ termAmount: 1, termUnit: 'years' }, f)).toBeGreaterThanOrEqual(1);
    }
  });
});
