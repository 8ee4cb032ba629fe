// Requests and answers of the Stripe Connect calls (spec section 7 "Card provider").
import { requiredInteger, requiredString } from '@gym/domain/validation-messages';
import { z } from 'zod';

export const gymIdParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** What /stripe/callback has from its address. */
export const exchangeBodySchema = z.object({
  gym_id: requiredInteger({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  state: requiredString({ max: 4000 }),
});
export type ExchangeBody = z.output<typeof exchangeBodySchema>;

export const redirectAnswer = z.object({
  data: z.object({ url: z.string(), expires_at: z.string() }),
});

export const CONNECTION_STATUSES = ['not_connected', 'incomplete', 'connected', 'account_missing'] as const;

/**
 * Where a gym stands with Stripe: no account yet, an account whose onboarding is not finished, one
 * that takes card payments, or a stored account Stripe no longer knows (connecting again replaces it).
 */
export const stripeConnectionSchema = z.object({
  gym_id: z.number(),
  stripe_id: z.string().nullable(),
  status: z.enum(CONNECTION_STATUSES),
  charges_enabled: z.boolean(),
  details_submitted: z.boolean(),
  payouts_enabled: z.boolean(),
  connected_at: z.string().nullable(),
});
export type StripeConnection = z.infer<typeof stripeConnectionSchema>;
export const connectionAnswer = z.object({ data: stripeConnectionSchema });
