// The price input staff send (offering create/update, POST /offerings/{id}/prices, PUT /prices/{id}).
import { z } from 'zod';
import { BILLING_FREQUENCIES } from './billing-frequency';
import { formatMoney } from './money';
import { MAX_TERM_AMOUNT, TERM_UNITS } from './term';
import { updateBodyOf } from './update-body';
import {
  EVEN_WITH_FIELD_ERRORS,
  isBlank,
  maxValueMessage,
  requiredEnum,
  VALUE_REQUIRED,
} from './validation-messages';

/** $100,000.00: the ceiling the database also enforces; anything above is a typo, not a membership. */
export const MAX_PRICE_CENTS = 10_000_000;

export const TERM_UNIT_REQUIRED = 'Please select a term unit';
export const TERM_AMOUNT_REQUIRED = 'Please enter a term amount';

const requiredCents = z
  .number({ error: (issue) => (isBlank(issue.input) ? VALUE_REQUIRED : 'Value must be an amount in cents') })
  .int({ error: 'Value must be whole cents' })
  .min(1, { error: 'The value must be more than $0.00' })
  .max(MAX_PRICE_CENTS, { error: maxValueMessage(formatMoney(MAX_PRICE_CENTS)) });

const optionalCents = z
  .number({ error: 'Value must be an amount in cents' })
  .int({ error: 'Value must be whole cents' })
  .min(0, { error: 'The value cannot be negative' })
  .max(MAX_PRICE_CENTS, { error: maxValueMessage(formatMoney(MAX_PRICE_CENTS)) })
  .nullish()
  // Absent stays absent (an update leaves it unchanged); null clears it to no fee.
  .transform((value) => (value === undefined ? undefined : (value ?? 0)));

const termAmount = z
  .number({ error: 'Value must be a number' })
  .int({ error: 'Value must be a whole number' })
  .min(1, { error: 'The value must be at least 1' })
  .max(MAX_TERM_AMOUNT, { error: maxValueMessage(MAX_TERM_AMOUNT) })
  .nullish();

const termUnit = z.enum(TERM_UNITS, { error: `Value must be one of: ${TERM_UNITS.join(', ')}` }).nullish();

/** Amounts are integer cents; the page converts typed dollars with dollarsToCents. */
export const priceInputSchema = z
  .object({
    amount: requiredCents,
    billing_frequency: requiredEnum(BILLING_FREQUENCIES),
    private: z.boolean().optional().default(false),
    joining_fee: optionalCents,
    term_amount: termAmount,
    term_unit: termUnit,
  })
  .superRefine((price, ctx) => {
    // Read as unknown: with EVEN_WITH_FIELD_ERRORS the other fields may still be invalid.
    const value = price as Record<string, unknown>;
    const amountGiven = !isBlank(value.term_amount);
    const unitGiven = !isBlank(value.term_unit);
    if (amountGiven && !unitGiven)
      ctx.addIssue({ code: 'custom', message: TERM_UNIT_REQUIRED, path: ['term_unit'] });
    if (unitGiven && !amountGiven) {
      ctx.addIssue({ code: 'custom', message: TERM_AMOUNT_REQUIRED, path: ['term_amount'] });
    }
  }, EVEN_WITH_FIELD_ERRORS);

export type PriceInput = z.output<typeof priceInputSchema>;
/** PUT /api/prices/{id}: any of the fields; the price after the change must pass `priceInputSchema`. */
export const priceUpdateBody = updateBodyOf(priceInputSchema);
export type PriceUpdate = z.output<typeof priceUpdateBody>;
export type PriceInputBody = z.input<typeof priceInputSchema>;
