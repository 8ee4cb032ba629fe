import { describe, expect, it } from 'vitest';
import {
  failedPaymentGracePeriodSchema,
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
      failed_payment_grace_period: 'The maximum value allowed is 365',
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
