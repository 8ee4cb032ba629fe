// The organisation's switches applied to what staff ask for (offering types, single-gym offerings, billing
// frequencies).
import {
  type BillingFrequency,
  billingFrequencyLabel,
  isFrequencyAllowed,
  type OfferingType,
} from '@gym/domain';
import type { CatalogueSettings } from './catalogue.repository';

export const TYPE_NOT_ENABLED: Record<OfferingType, string> = {
  '24_7': 'The 24/7 offering type is not enabled for this organisation',
  limited_access: 'The Limited Hours offering type is not enabled for this organisation',
};
export const SINGLE_GYM_NOT_ENABLED = 'Single-gym offerings are not enabled for this organisation';
export const GYMS_OF_ORGANISATION = 'Select gyms of this organisation';
export const GYM_OF_ORGANISATION = 'Select a gym of this organisation';
export const SINGLE_GYM_ALL_GYMS = 'A single-gym offering cannot give access to all gyms';
export const SINGLE_GYM_OTHER_GYMS = 'A single-gym offering opens only its own gym';

export function frequencyNotEnabled(frequency: BillingFrequency): string {
  return `Billing ${billingFrequencyLabel(frequency).toLowerCase()} is not enabled for this organisation`;
}

export function isTypeEnabled(type: OfferingType, settings: CatalogueSettings): boolean {
  return type === '24_7' ? settings.nonStop : settings.limitedAccess;
}

export function isFrequencyEnabled(frequency: BillingFrequency, settings: CatalogueSettings): boolean {
  return isFrequencyAllowed(frequency, {
    weekly: settings.weekly,
    fortnightly: settings.fortnightly,
    monthly: settings.monthly,
    quarterly: settings.quarterly,
    six_monthly: settings.sixMonthly,
    yearly: settings.yearly,
  });
}
