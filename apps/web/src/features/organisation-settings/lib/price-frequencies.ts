// The organisation's six price-frequency switches as the form shows them: labels, and ticked boxes ↔ flags.
import { ORGANISATION_FREQUENCY_KEYS, type OrganisationFrequencyKey } from '@gym/domain';

export type FrequencyFlags = Record<OrganisationFrequencyKey, boolean>;

export const FREQUENCY_LABELS: Record<OrganisationFrequencyKey, string> = {
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  six_monthly: 'Six-monthly',
  yearly: 'Yearly',
};

/** The keys switched on, in display order. */
export const tickedOf = (flags: FrequencyFlags): OrganisationFrequencyKey[] =>
  ORGANISATION_FREQUENCY_KEYS.filter((key) => flags[key]);

/** The ticked boxes as the endpoint's six flags (every key present, unknown values ignored). */
export const frequenciesOf = (ticked: readonly string[]): FrequencyFlags =>
  Object.fromEntries(ORGANISATION_FREQUENCY_KEYS.map((key) => [key, ticked.includes(key)])) as FrequencyFlags;
