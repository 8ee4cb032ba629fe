import { describe, expect, it } from 'vitest';
import { messagesOf } from '@/lib/form';
import {
  type DestinationAccountMode,
  destinationAccountFormSchema,
  formatAccountNumber,
} from './destination-account-form';

const check = (mode: DestinationAccountMode, values: Partial<Record<string, string>>) => {
  const parsed = destinationAccountFormSchema(mode).safeParse({
    name: 'Takings',
    bank_account_number: '',
    bank_account_number_confirmation: '',
    ...values,
  });
  return parsed.success
    ? { payload: parsed.data, errors: {} }
    : { payload: null, errors: messagesOf(parsed.error.issues) };
};

const keeping = { isNew: false, changingNumber: false };
const changing = { isNew: false, changingNumber: true };
const adding = { isNew: true, changingNumber: false };

describe('the destination account form', () => {
  it('sends only the name while the number is not being changed, whatever the number fields hold', () => {
    expect(check(keeping, { name: ' Central takings ', bank_account_number: 'rubbish' })).toEqual({
      payload: { name: 'Central takings' },
      errors: {},
    });
  });

  it('requires the name', () => {
    expect(check(keeping, { name: '  ' }).errors).toEqual({ name: 'Value is required' });
  });

  it('sends a changed number with its confirmation, in canonical form', () => {
    expect(
      check(changing, {
        bank_account_number: '123140017132350',
        bank_account_number_confirmation: '12-3140-0171323-50',
      }).payload,
    ).toEqual({
      name: 'Takings',
      bank_account_number: '12-3140-0171323-50',
      bank_account_number_confirmation: '12-3140-0171323-50',
    });
  });

  it('refuses a repeat that differs, with the specification’s message', () => {
    expect(
      check(changing, {
        bank_account_number: '12-3140-0171323-50',
        bank_account_number_confirmation: '01-902-0068389-00',
      }).errors,
    ).toEqual({
      bank_account_number_confirmation: 'The value must be equal to the bank account number value',
    });
  });

  it('requires the number and its repeat while changing it, and checks the number', () => {
    expect(check(changing, {}).errors).toEqual({ bank_account_number: 'Value is required' });
    expect(check(changing, { bank_account_number: '12-3140-0171323-50' }).errors).toEqual({
      bank_account_number_confirmation: 'The value is required',
    });
    expect(
      check(changing, {
        bank_account_number: '12-3140-0171324-50',
        bank_account_number_confirmation: '12-3140-0171324-50',
      }).errors,
    ).toEqual({ bank_account_number: 'Value is not a valid New Zealand bank account number' });
  });

  it('requires the number for a gym’s first account', () => {
    expect(check(adding, {}).errors).toEqual({ bank_account_number: 'Value is required' });
    expect(
      check(adding, {
        bank_account_number: '38-9000-7654338-00',
        bank_account_number_confirmation: '38-9000-7654338-00',
      }).payload,
    ).toMatchObject({ bank_account_number: '38-9000-7654338-00' });
  });

  it('prints a stored number in its canonical form, and anything else as it is', () => {
    expect(formatAccountNumber('123140017132350')).toBe('12-3140-0171323-50');
    expect(formatAccountNumber('not a number')).toBe('not a number');
  });
});
