// The payment method answer (spec section 3 "Payment type"), in a module of its own: GET /api/me carries
// it, and the join site's first screen reads /api/me, so it must not pull in the members answers with it.
import { z } from 'zod';

/**
 * The model of a payment method (spec "Payment type"): the bank account (number, name, status, and what
 * the bank told us of it) or the card (its `type`, the card scheme, also answered as `brand`).
 */
export const paymentTypeModelSchema = z.union([
  z.object({
    kind: z.literal('bank_account'),
    account_number: z.string(),
    name: z.string(),
    status: z.string(),
    /** The bank and the account holder's name as the bank gave them (Akahu). */
    meta: z.object({ bank: z.string().nullable(), holder: z.string().nullable() }),
  }),
  z.object({
    kind: z.literal('stripe_card'),
    /** The card scheme (visa, mastercard, amex, …): the specification's card `type`. */
    type: z.string(),
    /** The same as `type`, as the pages first read it. */
    brand: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
    last_four: z.string(),
    country: z.string().nullable(),
  }),
  z.null(),
]);

/** A payment method (spec "Payment type"): a bank account or a card. */
export const paymentTypeSchema = z.object({
  id: z.number(),
  type: z.enum(['bank_account', 'stripe_card']),
  is_default: z.boolean(),
  created_at: z.string(),
  model: paymentTypeModelSchema,
  /**
   * When its payment at confirmation was declined, while it has paid nothing since: it is not offered
   * again (payment-method.ts isOfferedAgain); null for every other method.
   */
  declined_at: z.string().nullable(),
});
