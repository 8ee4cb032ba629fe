// The destination account form (spec sections 4 and 5): the name always; the number and its repeat only
// while staff change the number (or add the gym's first account), then both are sent and must match.
import {
  type DestinationAccountUpdate,
  destinationAccountCreateSchema,
  destinationAccountUpdateSchema,
  normaliseNzBankAccount,
} from '@gym/domain';
import { type ZodType, z } from 'zod';

export type DestinationAccountPayload = DestinationAccountUpdate;

export type DestinationAccountValues = {
  name: string;
  bank_account_number: string;
  bank_account_number_confirmation: string;
};

export const DESTINATION_ACCOUNT_FIELDS = [
  'name',
  'bank_account_number',
  'bank_account_number_confirmation',
] as const;

export interface DestinationAccountMode {
  /** The gym has no account yet: the number is required. */
  isNew: boolean;
  /** Staff switched on 'Change account number'. */
  changingNumber: boolean;
}

const asTyped = z.object({
  name: z.string(),
  bank_account_number: z.string(),
  bank_account_number_confirmation: z.string(),
});

/** Checks what `pick` takes of the typed values with a domain schema, keeping its messages and paths. */
const checkedBy = (
  schema: ZodType<DestinationAccountPayload>,
  pick: (values: DestinationAccountValues) => object,
) =>
  asTyped.transform((values, ctx) => {
    const parsed = schema.safeParse(pick(values));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });

/** The number fields are validated only when they are being edited; otherwise only the name is sent. */
export function destinationAccountFormSchema(
  mode: DestinationAccountMode,
): ZodType<DestinationAccountPayload, DestinationAccountValues> {
  if (mode.isNew) return checkedBy(destinationAccountCreateSchema, (values) => values);
  if (mode.changingNumber) return checkedBy(destinationAccountUpdateSchema, (values) => values);
  return checkedBy(destinationAccountUpdateSchema, ({ name }) => ({ name }));
}

export const emptyAccountValues = (name = ''): DestinationAccountValues => ({
  name,
  bank_account_number: '',
  bank_account_number_confirmation: '',
});

/** The stored number in its printed form ('12-3140-0171323-50'); anything unreadable as it is. */
export const formatAccountNumber = (number: string): string => normaliseNzBankAccount(number) ?? number;
