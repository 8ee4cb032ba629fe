import { failedPaymentGracePeriodSchema, termMembershipGracePeriodSchema } from '@gym/domain';
import { describe, expect, it } from 'vitest';
import { checkPayload } from '@/lib/form';
import { gracePayload } from './grace-period-draft';

describe('grace period sections', () => {
  it('send the length as a number under the endpoint’s own names', () => {
    expect(gracePayload('grace-period', { period: '14', unit: 'days' })).toEqual({
      failed_payment_grace_period: 14,
      failed_payment_grace_period_unit: 'days',
    });
    expect(gracePayload('term-membership-grace-period', { period: 2, unit: 'weeks' })).toEqual({
      term_membership_grace_period: 2,
      term_membership_grace_period_unit: 'weeks',
    });
  });

  it('require both the length and the unit (spec section 5)', () => {
    const { input, errors } = checkPayload(
      failedPaymentGracePeriodSchema,
      gracePayload('grace-period', { period: '  ', unit: '' }),
    );
    expect(input).toBeNull();
    expect(errors).toEqual({
      failed_payment_grace_period: 'Value is required',
      failed_payment_grace_period_unit: 'Value is required',
    });
  });

  it('show the maximum and whole-number messages the server would', () => {
    const schema = termMembershipGracePeriodSchema;
    expect(
      checkPayload(schema, gracePayload('term-membership-grace-period', { period: 4, unit: 'months' }))
        .errors,
    ).toEqual({
      term_membership_grace_period: 'The maximum value allowed is 3',
    });
    expect(
      checkPayload(schema, gracePayload('term-membership-grace-period', { period: '-3', unit: 'days' }))
        .errors.term_membership_grace_period,
    ).toBe('The minimum value allowed is 1');
    expect(
      checkPayload(schema, gracePayload('term-membership-grace-period', { period: '1.5', unit: 'days' }))
        .errors.term_membership_grace_period,
    ).toBe('Value must be a whole number');
    expect(
      checkPayload(schema, gracePayload('term-membership-grace-period', { period: 90, unit: 'days' })).input,
    ).toEqual({
      term_membership_grace_period: 90,
      term_membership_grace_period_unit: 'days',
    });
  });
});
