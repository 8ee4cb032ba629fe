// Organisation settings payloads (spec sections 3, 5 and 7: PUT /organisations/{id}/…).
import { z } from 'zod';
import { ORGANISATION_FREQUENCY_KEYS, type OrganisationFrequencyKey } from './billing-frequency';
import { GRACE_PERIOD_UNITS } from './grace-period';
import { requiredEnum, requiredInteger, requiredString } from './validation-messages';

/** Longest grace staff may set, in any unit (the database enforces the same). */
export const MAX_GRACE_PERIOD = 365;

const requiredBoolean = z.boolean({ error: 'Value must be true or false' });

export const organisationNameSchema = z.object({ name: requiredString() });

export const failedPaymentGracePeriodSchema = z.object({
  failed_payment_grace_period: requiredInteger({ min: 0, max: MAX_GRACE_PERIOD }),
  failed_payment_grace_period_unit: requiredEnum(GRACE_PERIOD_UNITS),
});

export const termMembershipGracePeriodSchema = z.object({
  term_membership_grace_period: requiredInteger({ min: 0, max: MAX_GRACE_PERIOD }),
  term_membership_grace_period_unit: requiredEnum(GRACE_PERIOD_UNITS),
});

export const offeringPermissionsSchema = z.object({
  /** Single-gym offerings allowed. */
  enable_offerings: requiredBoolean,
  /** The 24/7 offering type. */
  non_stop: requiredBoolean,
  /** The Limited Hours offering type. */
  limited_access: requiredBoolean,
});

export const priceFrequenciesSchema = z.object(
  Object.fromEntries(ORGANISATION_FREQUENCY_KEYS.map((key) => [key, requiredBoolean])) as Record<
    OrganisationFrequencyKey,
    typeof requiredBoolean
  >,
);

export type FailedPaymentGracePeriodInput = z.output<typeof failedPaymentGracePeriodSchema>;
export type TermMembershipGracePeriodInput = z.output<typeof termMembershipGracePeriodSchema>;
export type OfferingPermissionsInput = z.output<typeof offeringPermissionsSchema>;
export type PriceFrequenciesInput = z.output<typeof priceFrequenciesSchema>;
