// The lists the form's selects offer, in the domain's order and with its labels.
import {
  BILLING_FREQUENCIES,
  BILLING_FREQUENCY_LABELS,
  type BillingFrequency,
  DAY_LABELS,
  DAYS_OF_WEEK,
  OFFERING_TYPE_LABELS,
  type OfferingType,
  TERM_UNIT_LABELS,
  TERM_UNITS,
} from '@gym/domain';

type Option = { value: string; label: string };

/**
 * Recurring frequencies shortest to longest. one_off is no frequency of renewal, so frequency lists leave
 * it out (spec section 9); a price that already is one-off keeps it. `allowed` (the organisation's
 * switches) narrows the list; `current` stays choosable.
 */
export function frequencyChoices(
  allowed: readonly BillingFrequency[],
  current?: BillingFrequency | '',
): Option[] {
  const keep = (f: BillingFrequency) => f === current || (allowed.includes(f) && f !== 'one_off');
  return BILLING_FREQUENCIES.filter(keep).map((f) => ({ value: f, label: BILLING_FREQUENCY_LABELS[f] }));
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
