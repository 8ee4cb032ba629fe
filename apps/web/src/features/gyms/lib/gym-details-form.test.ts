import { describe, expect, it } from 'vitest';
import { messagesOf } from '@/lib/form';
import { gymDetailsFormSchema } from './gym-details-form';

const values = (overrides: Partial<Record<string, string>> = {}) => ({
  name: 'Ponsonby',
  price_change_notification_reply_to: 'manager@ponsonby.example.co.nz',
  break_fee_percentage: '2.5',
  ...overrides,
});

const errorsOf = (input: Record<string, string>) => {
  const parsed = gymDetailsFormSchema.safeParse(input);
  return parsed.success ? {} : messagesOf(parsed.error.issues);
};

describe('the gym details form', () => {
  it('sends the trimmed name, the address and the fee as a number', () => {
    expect(
      gymDetailsFormSchema.parse(values({ name: '  Ponsonby  ', break_fee_percentage: '12.25%' })),
    ).toEqual({
      name: 'Ponsonby',
      price_change_notification_reply_to: 'manager@ponsonby.example.co.nz',
      break_fee_percentage: 12.25,
    });
  });

  it('clears the reply-to address when it is left blank', () => {
    expect(gymDetailsFormSchema.parse(values({ price_change_notification_reply_to: '  ' }))).toMatchObject({
      price_change_notification_reply_to: null,
    });
  });

  it('uses the specification’s messages', () => {
    expect(
      errorsOf(
        values({ name: '   ', price_change_notification_reply_to: 'not-an-email', break_fee_percentage: '' }),
      ),
    ).toEqual({
      name: 'Value is required',
      price_change_notification_reply_to: 'Value is not a valid email address',
      break_fee_percentage: 'Value is required',
    });
  });

  it.each([
    ['101', 'The maximum value allowed is 100'],
    ['2.555', 'Value may have at most 2 decimal places'],
    ['abc', 'Value must be a number'],
    // A negative fee is a number too small, not no number at all.
    ['-1', 'The minimum value allowed is 0'],
    ['-5 %', 'The minimum value allowed is 0'],
  ])('refuses a break fee of %s', (fee, message) => {
    expect(errorsOf(values({ break_fee_percentage: fee }))).toEqual({ break_fee_percentage: message });
  });

  it.each([
    ['0', 0],
    ['100', 100],
    ['7.5', 7.5],
  ])('takes a break fee of %s', (fee, percent) => {
    expect(gymDetailsFormSchema.parse(values({ break_fee_percentage: fee })).break_fee_percentage).toBe(
      percent,
    );
  });
});
