import { describe, expect, it } from 'vitest';
import { frequenciesOf, tickedOf } from './price-frequencies';

describe('price frequency boxes', () => {
  it('turn into all six flags, whatever else is ticked', () => {
    expect(frequenciesOf(['monthly', 'yearly', 'daily'])).toEqual({
      weekly: false,
      fortnightly: false,
      monthly: true,
      quarterly: false,
      six_monthly: false,
      yearly: true,
    });
  });

  it('come back from the flags in display order', () => {
    const flags = frequenciesOf(['yearly', 'weekly', 'six_monthly']);
    expect(tickedOf(flags)).toEqual(['weekly', 'six_monthly', 'yearly']);
  });
});
