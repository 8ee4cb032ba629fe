// The pro-rata calculator's price choices: recurring prices (a one-off price has nothing to pro-rate),
// grouped by offering, shortest frequency first; searching finds an offering's name or a price's words.
import { isRecurring } from '@gym/domain';
import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import type { Price } from '../api/offering-answers';
import { priceName, sortPrices } from './price-order';

export interface PriceGroup {
  group: string;
  items: ComboboxItem[];
}

/** '$22.99 weekly · 12 months · private · Southern Strength Ponsonby' */
export function priceOptionLabel(price: Price): string {
  const extras = [price.formatted_term, price.private ? 'private' : null, price.gym?.name ?? null];
  return [priceName(price), ...extras.filter((extra): extra is string => Boolean(extra))].join(' · ');
}

export function priceOptions(prices: readonly Price[]): PriceGroup[] {
  const groups = new Map<string, PriceGroup>();
  for (const price of sortPrices(prices.filter((p) => isRecurring(p.billing_frequency)))) {
    const name = price.offering.name;
    const group = groups.get(name) ?? { group: name, items: [] };
    group.items.push({ value: String(price.id), label: priceOptionLabel(price) });
    groups.set(name, group);
  }
  return [...groups.values()].sort((a, b) => a.group.localeCompare(b.group));
}

const matches = (text: string, words: string[]) => {
  const lower = text.toLowerCase();
  return words.every((word) => lower.includes(word));
};

/** Every word typed must appear in the price's label or its offering's name. */
export const filterPriceOptions: OptionsFilter = ({ options, search }) => {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return options;
  return options.flatMap((option): ComboboxParsedItem[] => {
    if (!('group' in option)) return matches(option.label, words) ? [option] : [];
    const items = option.items.filter((item) => matches(`${option.group} ${item.label}`, words));
    return items.length > 0 ? [{ ...option, items }] : [];
  });
};
