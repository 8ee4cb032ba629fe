import { describe, expect, it } from 'vitest';
import { priceInputSchema, priceUpdateBody } from './price-schema';

const errors = (input: unknown) =>
  Object.fromEntries(
    (priceInputSchema.safeParse(input).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]),
  );

describe('price input', () => {
  it('accepts a flexi price: absent optional fields stay absent (a new price has none), null clears', () => {
    expect(priceInputSchema.parse({ amount: 1500, billing_frequency: 'weekly' })).toEqual({
      amount: 1500,
      billing_frequency: 'weekly',
      private: false,
    });
    expect(
      priceInputSchema.parse({
        amount: 1500,
        billing_frequency: 'weekly',
        joining_fee: null,
        term_amount: null,
        term_unit: null,
      }),
    ).toEqual({
      amount: 1500,
      billing_frequency: 'weekly',
      private: false,
      joining_fee: 0,
      term_amount: null,
      term_unit: null,
    });
  });

  it('an update body takes any one field and invents none', () => {
    expect(priceUpdateBody.parse({})).toEqual({});
    expect(priceUpdateBody.parse({ joining_fee: 2900 })).toEqual({ joining_fee: 2900 });
  });

  it('accepts a term price', () => {
    const input = {
      amount: 1500,
      billing_frequency: 'weekly',
      joining_fee: 4900,
      term_amount: 12,
      term_unit: 'months',
      private: true,
    };
    expect(priceInputSchema.parse(input)).toEqual(input);
  });

  it('requires the amount and the billing frequency', () => {
    expect(errors({})).toEqual({ amount: 'Value is required', billing_frequency: 'Value is required' });
    expect(errors({ amount: null, billing_frequency: '' })).toEqual({
      amount: 'Value is required',
      billing_frequency: 'Value is required',
    });
  });

  it('pairs term amount and term unit with the spec messages', () => {
    expect(errors({ amount: 100, billing_frequency: 'weekly', term_amount: 12 })).toEqual({
      term_unit: 'Please select a term unit',
    });
    expect(errors({ amount: 100, billing_frequency: 'weekly', term_unit: 'months' })).toEqual({
      term_amount: 'Please enter a term amount',
    });
    // Shown together with other errors, so the form lists everything at once.
    expect(errors({ term_unit: 'months' })).toEqual({
      amount: 'Value is required',
      billing_frequency: 'Value is required',
      term_amount: 'Please enter a term amount',
    });
  });

  it('bounds amounts: positive whole cents up to the maximum', () => {
    expect(errors({ amount: 10_000_001, billing_frequency: 'weekly' })).toEqual({
      amount: 'The maximum value allowed is $100,000.00',
    });
    expect(errors({ amount: 0, billing_frequency: 'weekly' }).amount).toBeDefined();
    expect(errors({ amount: 15.5, billing_frequency: 'weekly' }).amount).toBeDefined();
    expect(errors({ amount: '15', billing_frequency: 'weekly' }).amount).toBeDefined();
    expect(errors({ amount: 100, billing_frequency: 'weekly', joining_fee: -1 }).joining_fee).toBeDefined();
    expect(
      errors({ amount: 100, billing_frequency: 'weekly', term_amount: 121, term_unit: 'months' }),
    ).toEqual({
      term_amount: 'The maximum value allowed is 120',
    });
  });

  it('rejects unknown frequencies and units', () => {
    expect(errors({ amount: 100, billing_frequency: 'six_monthly' }).billing_frequency).toMatch(/one of/);
    expect(
      errors({ amount: 100, billing_frequency: 'weekly', term_amount: 2, term_unit: 'fortnights' }).term_unit,
    ).toBeDefined();
  });
});
