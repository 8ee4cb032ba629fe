import type { ComboboxParsedItem } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { buildPrice } from '../testing/build-offering';
import { filterPriceOptions, priceOptionLabel, priceOptions } from './price-options';

const allClubs = { id: 1, name: 'All Clubs 24/7' };
const offPeak = { id: 2, name: 'Off-Peak' };
const prices = [
  buildPrice({
    id: 10,
    offering: allClubs,
    billing_frequency: 'monthly',
    formatted_amount: '$99.00',
    billing_frequency_label: 'Monthly',
  }),
  buildPrice({
    id: 11,
    offering: allClubs,
    billing_frequency: 'weekly',
    formatted_amount: '$22.99',
    billing_frequency_label: 'Weekly',
  }),
  buildPrice({
    id: 12,
    offering: offPeak,
    billing_frequency: 'weekly',
    formatted_amount: '$12.99',
    billing_frequency_label: 'Weekly',
  }),
  buildPrice({
    id: 13,
    offering: offPeak,
    billing_frequency: 'one_off',
    formatted_amount: '$99.00',
    billing_frequency_label: 'One-off',
  }),
];

describe('priceOptions', () => {
  it('groups recurring prices by offering, shortest frequency first, and leaves one-off prices out', () => {
    expect(priceOptions(prices)).toEqual([
      {
        group: 'All Clubs 24/7',
        items: [
          { value: '11', label: '$22.99 weekly' },
          { value: '10', label: '$99.00 monthly' },
        ],
      },
      { group: 'Off-Peak', items: [{ value: '12', label: '$12.99 weekly' }] },
    ]);
  });

  it('names the term, privacy and gym of a price', () => {
    const price = buildPrice({
      formatted_term: '12 months',
      private: true,
      gym: { id: 11, name: 'Ponsonby' },
    });
    expect(priceOptionLabel(price)).toBe('$19.50 weekly · 12 months · private · Ponsonby');
  });
});

describe('filterPriceOptions', () => {
  const options = priceOptions(prices) as ComboboxParsedItem[];
  const search = (text: string) => filterPriceOptions({ options, search: text, limit: Infinity });

  it("finds prices by their offering's name or their own words", () => {
    expect(search('off peak')).toEqual([options[1]]);
    expect(search('yoga')).toEqual([]);
    expect(search('weekly clubs')).toEqual([
      { group: 'All Clubs 24/7', items: [{ value: '11', label: '$22.99 weekly' }] },
    ]);
    expect(search('  ')).toBe(options);
  });
});
