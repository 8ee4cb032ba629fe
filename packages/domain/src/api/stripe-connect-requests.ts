// Request bodies of the Stripe Connect calls (spec section 7 "Card provider").
import { z } from 'zod';
import { requiredInteger, requiredString } from '../validation-messages';

/** What /stripe/callback has from its address. */
export const exchangeBody = z.object({
  gym_id: requiredInteger({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  state: requiredString({ max: 4000 }),
});
export type ExchangeBody = z.output<typeof exchangeBody>;
