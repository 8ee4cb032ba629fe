import { describe, expect, it } from 'vitest';
import { destinationAccountCreateSchema, destinationAccountUpdateSchema } from './destination-account';

const errors = (
  schema: typeof destinationAccountUpdateSchema | typeof destinationAccountCreateSchema,
  input: unknown,
) =>
  Object.fromEntries(
    (schema.safeParse(input).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('destination account', () => {
  it('renames without touching the number', () => {
    expect(destinationAccountUpdateSchema.parse({ name: ' Gym Ltd ' })).toEqual({ name: 'Gym Ltd' });
  });

  it('stores a changed number canonically once confirmed', () => {
    const parsed = destinationAccountUpdateSchema.parse({
      name: 'Gym Ltd',
      bank_account_number: '123140017132350',
      bank_account_number_confirmation: '12-3140-0171323-50',
    });
    expect(parsed.bank_account_number).toBe('12-3140-0171323-50');
  });

  it('requires the repeat number when the number changes, and it must match', () => {
    expect(
      errors(destinationAccountUpdateSchema, { name: 'Gym', bank_account_number: '12-3140-0171323-50' }),
    ).toEqual({
      bank_account_number_confirmation: 'The value is required',
    });
    expect(
      errors(destinationAccountUpdateSchema, {
        name: 'Gym',
        bank_account_number: '12-3140-0171323-50',
        bank_account_number_confirmation: '01-902-0068389-00',
      }),
    ).toEqual({
      bank_account_number_confirmation: 'The value must be equal to the bank account number value',
    });
  });

  it('rejects a number that fails the bank check, and blanks', () => {
    expect(
      errors(destinationAccountUpdateSchema, {
        name: '  ',
        bank_account_number: '01-902-0068390-00',
        bank_account_number_confirmation: '01-902-0068390-00',
      }),
    ).toEqual({
      name: 'Value is required',
      bank_account_number: 'Value is not a valid New Zealand bank account number',
    });
    expect(errors(destinationAccountCreateSchema, { name: 'Gym' })).toEqual({
      bank_account_number: 'Value is required',
    });
  });
});
