import { describe, expect, it } from 'vitest';
import { buildPrice } from '../testing/build-offering';
import { priceName, sortPrices } from './price-order';

describe('priceName', () => {
  it("joins the server's amount and frequency words", () => {
    expect(priceName(buildPrice())).toBe('$19.50 weekly');
    expect(priceName({ formatted_amount: '$99.00', billing_frequency_label: 'One-off' })).toBe(
      '$99.00 one-off',
    );
  });
});

describe('sortPrices', () => {
  it('puts the shortest frequency first, then the cheapest, then the oldest', () => {
    const prices = [
      buildPrice({ id: 1, billing_frequency: 'one_off', amount: 100 }),
      buildPrice({ id: 2, billing_frequency: 'monthly', amount: 5000 }),
      buildPrice({ id: 3, billing_frequency: 'weekly', amount: 2000 }),
      buildPrice({ id: 4, billing_frequency: 'weekly', amount: 1500 }),
      buildPrice({ id: 5, billing_frequency: 'weekly', amount: 1500 }),
      buildPrice({ id: 6, billing_frequency: 'daily', amount: 900 }),
    ];
    expect(sortPrices(prices).map((p) => p.id)).toEqual([6, 4, 5, 3, 2, 1]);
    expect(prices.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
