// The lists the form's selects offer, in the domain's order and with its labels.
import {
  BILLING_FREQUENCY_LABELS,
  type BillingFrequency,
  DAY_LABELS,
  DAYS_OF_WEEK,
  OFFERING_TYPE_LABELS,
  type OfferingType,
  RECURRING_FREQUENCIES,
  TERM_UNIT_LABELS,
  TERM_UNITS,
} from '@gym/domain';

type Option = { value: string; label: string };
type Group = { group: string; items: Option[] };

/**
 * Recurring frequencies shortest to longest; one_off is no frequency of renewal (spec section 9), so it
 * sits apart. `allowed` (the organisation's switches) narrows the list; `current` stays choosable.
 */
export function frequencyChoices(
  allowed: readonly BillingFrequency[],
  current?: BillingFrequency | '',
): Group[] {
  const keep = (f: BillingFrequency) => allowed.includes(f) || f === current;
  const option = (f: BillingFrequency) => ({ value: f, label: BILLING_FREQUENCY_LABELS[f] });
  const groups: Group[] = [{ group: 'Recurring', items: RECURRING_FREQUENCIES.filter(keep).map(option) }];
  if (keep('one_off')) groups.push({ group: 'Charged once', items: [option('one_off')] });
  return groups;
}

export const TERM_UNIT_CHOICES: Option[] = TERM_UNITS.map((unit) => ({
  value: unit,
  label: TERM_UNIT_LABELS[unit],
}));

export const DAY_CHOICES: Option[] = DAYS_OF_WEEK.map((day) => ({
  value: String(day),
  label: DAY_LABELS[day],
}));

export function typeChoices(allowed: readonly OfferingType[], current?: OfferingType | ''): Option[] {
  return (Object.keys(OFFERING_TYPE_LABELS) as OfferingType[])
    .filter((type) => allowed.includes(type) || type === current)
    .map((type) => ({ value: type, label: OFFERING_TYPE_LABELS[type] }));
}
