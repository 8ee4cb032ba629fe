import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRACE_PERIOD_UNITS } from './grace-period';
import {
  AT_LEAST_ONE_FREQUENCY,
  failedPaymentGracePeriodSchema,
  MAX_GRACE_PERIOD,
  organisationNameSchema,
  priceFrequenciesSchema,
  termMembershipGracePeriodSchema,
} from './organisation-settings';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('organisation settings', () => {
  it('requires a name', () => {
    expect(messages(organisationNameSchema.safeParse({ name: ' ' }))).toEqual({ name: 'Value is required' });
  });

  it('requires both grace period and unit', () => {
    expect(messages(failedPaymentGracePeriodSchema.safeParse({}))).toEqual({
      failed_payment_grace_period: 'Value is required',
      failed_payment_grace_period_unit: 'Value is required',
    });
    expect(
      termMembershipGracePeriodSchema.parse({
        term_membership_grace_period: 4,
        term_membership_grace_period_unit: 'weeks',
      }),
    ).toEqual({ term_membership_grace_period: 4, term_membership_grace_period_unit: 'weeks' });
    expect(
      messages(
        failedPaymentGracePeriodSchema.safeParse({
          failed_payment_grace_period: 400,
          failed_payment_grace_period_unit: 'years',
        }),
      ),
    ).toEqual({
      failed_payment_grace_period: 'The maximum value allowed is 90',
      failed_payment_grace_period_unit: 'Value must be one of: days, weeks, months',
    });
  });

  it('takes the six price-frequency switches', () => {
    const all = {
      weekly: true,
      fortnightly: true,
      monthly: false,
      quarterly: false,
      six_monthly: true,
      yearly: false,
    };
    expect(priceFrequenciesSchema.parse(all)).toEqual(all);
    expect(priceFrequenciesSchema.safeParse({ ...all, six_monthly: undefined }).success).toBe(false);
  });
});

const grace = (length: unknown, unit: unknown) =>
  failedPaymentGracePeriodSchema.safeParse({
    failed_payment_grace_period: length,
    failed_payment_grace_period_unit: unit,
  });

describe('grace periods', () => {
  it('accept every whole number from 1 to the longest its unit allows, and nothing beyond', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GRACE_PERIOD_UNITS),
        fc.integer({ min: -1000, max: 1000 }),
        (unit, n) => {
          expect(grace(n, unit).success).toBe(n >= 1 && n <= MAX_GRACE_PERIOD[unit]);
        },
      ),
    );
  });

  it('say what is wrong at the length', () => {
    const messageOf = (length: unknown, unit: unknown) =>
      grace(length, unit).error?.issues.find((issue) => issue.path[0] === 'failed_payment_grace_period')
        ?.message;
    expect(messageOf(0, 'days')).toBe('The minimum value allowed is 1');
    expect(messageOf(2.5, 'days')).toBe('Value must be a whole number');
    expect(messageOf(13, 'weeks')).toBe('The maximum value allowed is 12');
    expect(messageOf(400, 'fortnights')).toBe('The maximum value allowed is 90');
  });
});

describe('price frequencies', () => {
  it('need at least one switched on', () => {
    const off = {
      weekly: false,
      fortnightly: false,
      monthly: false,
      quarterly: false,
      six_monthly: false,
      yearly: false,
    };
    expect(priceFrequenciesSchema.safeParse(off).error?.issues).toMatchObject([
      { path: ['price_frequencies'], message: AT_LEAST_ONE_FREQUENCY },
    ]);
    expect(priceFrequenciesSchema.safeParse({ ...off, yearly: true }).success).toBe(true);
  });
});
