// Requests of the Stripe Connect calls (spec section 7 "Card provider"); the answers are in
// @gym/domain/api/stripe-connect.
import { requiredInteger, requiredString } from '@gym/domain/validation-messages';
import { z } from 'zod';

export const gymIdParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** What /stripe/callback has from its address. */
export const exchangeBodySchema = z.object({
  gym_id: requiredInteger({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  state: requiredString({ max: 4000 }),
});
export type ExchangeBody = z.output<typeof exchangeBodySchema>;
