import { BILLING_FREQUENCIES, RECURRING_FREQUENCIES } from '@gym/domain';
import { describe, expect, it } from 'vitest';
import { frequencyChoices, typeChoices } from './choices';

const values = (options: { value: string }[]) => options.map((option) => option.value);

describe('frequencyChoices', () => {
  it('lists the frequencies shortest to longest, without one-off', () => {
    expect(values(frequencyChoices(BILLING_FREQUENCIES))).toEqual([...RECURRING_FREQUENCIES]);
    expect(frequencyChoices(BILLING_FREQUENCIES).map((o) => o.label)).toEqual([
      'Daily',
      'Weekly',
      'Fortnightly',
      'Monthly',
      'Every 2 months',
      'Quarterly',
      'Every 6 months',
      'Yearly',
    ]);
  });

  it("keeps only the organisation's frequencies, and the price's own one", () => {
    expect(values(frequencyChoices(['monthly', 'weekly']))).toEqual(['weekly', 'monthly']);
    expect(values(frequencyChoices(['weekly'], 'yearly'))).toEqual(['weekly', 'yearly']);
    expect(values(frequencyChoices(['weekly'], 'one_off'))).toEqual(['weekly', 'one_off']);
  });
});

describe('typeChoices', () => {
  it("labels the types as the spec does and keeps the offering's own type", () => {
    expect(typeChoices(['24_7', 'limited_access'])).toEqual([
      { value: '24_7', label: '24/7' },
      { value: 'limited_access', label: 'Limited Hours' },
    ]);
    expect(values(typeChoices([], 'limited_access'))).toEqual(['limited_access']);
  });
});
