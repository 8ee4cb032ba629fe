// Organisation settings payloads (spec sections 3, 5 and 7: PUT /organisations/{id}/…).
import { z } from 'zod';
import { ORGANISATION_FREQUENCY_KEYS, type OrganisationFrequencyKey } from './billing-frequency';
import { GRACE_PERIOD_UNITS, type GracePeriodUnit } from './grace-period';
import {
  EVEN_WITH_FIELD_ERRORS,
  maxValueMessage,
  requiredEnum,
  requiredInteger,
  requiredString,
} from './validation-messages';

/** Longest grace staff may set, by unit: a grace period is weeks, not years, of unpaid access. */
export const MAX_GRACE_PERIOD: Record<GracePeriodUnit, number> = { days: 90, weeks: 12, months: 3 };

/**
 * The message when a grace period is longer than its unit allows: the specification's exact text; the
 * unit is the field beside it (and is named in the field's description).
 */
export const graceTooLongMessage = (unit: GracePeriodUnit) => maxValueMessage(MAX_GRACE_PERIOD[unit]);

const GRACE_DESCRIPTION = `A whole number of the unit beside it: at most ${MAX_GRACE_PERIOD.days} days, ${MAX_GRACE_PERIOD.weeks} weeks or ${MAX_GRACE_PERIOD.months} months`;

export const AT_LEAST_ONE_FREQUENCY = 'Choose at least one billing frequency';

const requiredBoolean = z.boolean({ error: 'Value must be true or false' });

export const organisationNameSchema = z.object({ name: requiredString() });

const LONGEST_GRACE = Math.max(...Object.values(MAX_GRACE_PERIOD));

/**
 * A grace period: a whole number of at least 1, no longer than its unit allows (or than the longest
 * of any unit while the unit is missing or wrong). Runs even when a field already failed, so both
 * messages show at once.
 */
function gracePeriodSchema<const P extends string, const U extends string>(period: P, unit: U) {
  return z
    .object({
      [period]: requiredInteger({ min: 1, max: Number.MAX_SAFE_INTEGER }).describe(GRACE_DESCRIPTION),
      [unit]: requiredEnum(GRACE_PERIOD_UNITS),
    } as Record<P, ReturnType<typeof requiredInteger>> & Record<U, ReturnType<typeof graceUnit>>)
    .superRefine((body: Record<string, unknown>, context) => {
      const length = body[period];
      if (typeof length !== 'number' || !Number.isInteger(length)) return;
      const chosen = body[unit];
      const known = (GRACE_PERIOD_UNITS as readonly unknown[]).includes(chosen);
      const max = known ? MAX_GRACE_PERIOD[chosen as GracePeriodUnit] : LONGEST_GRACE;
      if (length > max) {
        const message = known ? graceTooLongMessage(chosen as GracePeriodUnit) : maxValueMessage(max);
        context.addIssue({ code: 'custom', path: [period], message });
      }
    }, EVEN_WITH_FIELD_ERRORS);
}

const graceUnit = () => requiredEnum(GRACE_PERIOD_UNITS);

export const failedPaymentGracePeriodSchema = gracePeriodSchema(
  'failed_payment_grace_period',
  'failed_payment_grace_period_unit',
);

export const termMembershipGracePeriodSchema = gracePeriodSchema(
  'term_membership_grace_period',
  'term_membership_grace_period_unit',
);

export const offeringPermissionsSchema = z.object({
  /** Single-gym offerings allowed. */
  enable_offerings: requiredBoolean,
  /** The 24/7 offering type. */
  non_stop: requiredBoolean,
  /** The Limited Hours offering type. */
  limited_access: requiredBoolean,
});

export const priceFrequenciesSchema = z
  .object(
    Object.fromEntries(ORGANISATION_FREQUENCY_KEYS.map((key) => [key, requiredBoolean])) as Record<
      OrganisationFrequencyKey,
      typeof requiredBoolean
    >,
  )
  .refine((body) => ORGANISATION_FREQUENCY_KEYS.some((key) => body[key]), {
    path: ['price_frequencies'],
    error: AT_LEAST_ONE_FREQUENCY,
  });

export type FailedPaymentGracePeriodInput = z.output<typeof failedPaymentGracePeriodSchema>;
export type TermMembershipGracePeriodInput = z.output<typeof termMembershipGracePeriodSchema>;
export type OfferingPermissionsInput = z.output<typeof offeringPermissionsSchema>;
export type PriceFrequenciesInput = z.output<typeof priceFrequenciesSchema>;
