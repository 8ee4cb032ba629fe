// The bank account a gym is paid into: PUT /gyms/{gymId}/destination-accounts/{accountId}.
import { z } from 'zod';
import { INVALID_NZ_BANK_ACCOUNT, normaliseNzBankAccount } from './nz-bank-account';
import {
  CONDITIONALLY_REQUIRED,
  EVEN_WITH_FIELD_ERRORS,
  isBlank,
  mustEqualMessage,
  requiredString,
  VALUE_REQUIRED,
} from './validation-messages';

/** The label the spec's 'must be equal to the {other} value' names. */
export const BANK_ACCOUNT_NUMBER_LABEL = 'bank account number';

/** A valid NZ bank account number, stored in its canonical form ('12-3140-0171323-50'). */
export const nzBankAccountNumberSchema = requiredString({ max: 40 }).transform((text, ctx) => {
  const normalised = normaliseNzBankAccount(text);
  if (normalised === null) {
    ctx.addIssue({ code: 'custom', message: INVALID_NZ_BANK_ACCOUNT });
    return z.NEVER;
  }
  return normalised;
});

function confirmationCheck(value: Record<string, unknown>, ctx: z.RefinementCtx): void {
  if (isBlank(value.bank_account_number)) return;
  const confirmation = value.bank_account_number_confirmation;
  if (isBlank(confirmation)) {
    ctx.addIssue({
      code: 'custom',
      message: CONDITIONALLY_REQUIRED,
      path: ['bank_account_number_confirmation'],
    });
    return;
  }
  // A number that failed its own check already carries an error; comparing would only add noise.
  const number = value.bank_account_number;
  if (typeof number !== 'string' || normaliseNzBankAccount(number) === null) return;
  // Compare canonical forms, so '12-3140-0171323-50' confirms '123140017132350'.
  const canonical = (v: unknown) => (typeof v === 'string' ? (normaliseNzBankAccount(v) ?? v.trim()) : v);
  if (canonical(confirmation) !== canonical(number)) {
    ctx.addIssue({
      code: 'custom',
      message: mustEqualMessage(BANK_ACCOUNT_NUMBER_LABEL),
      path: ['bank_account_number_confirmation'],
    });
  }
}

const confirmationField = z.string({ error: VALUE_REQUIRED }).nullish();

/**
 * Editing: the fields given are saved (absent: unchanged). The number is sent only when staff change
 * it, and then with its confirmation (the repeat field), which must match.
 */
export const destinationAccountUpdateSchema = z
  .object({
    name: requiredString().optional(),
    bank_account_number: nzBankAccountNumberSchema.optional(),
    bank_account_number_confirmation: confirmationField,
  })
  .superRefine(
    (value, ctx) => confirmationCheck(value as Record<string, unknown>, ctx),
    EVEN_WITH_FIELD_ERRORS,
  );

/** A gym's first destination account: the number is required. */
export const destinationAccountCreateSchema = z
  .object({
    name: requiredString(),
    bank_account_number: nzBankAccountNumberSchema,
    bank_account_number_confirmation: confirmationField,
  })
  .superRefine(
    (value, ctx) => confirmationCheck(value as Record<string, unknown>, ctx),
    EVEN_WITH_FIELD_ERRORS,
  );

export type DestinationAccountUpdate = z.output<typeof destinationAccountUpdateSchema>;
export type DestinationAccountCreate = z.output<typeof destinationAccountCreateSchema>;
