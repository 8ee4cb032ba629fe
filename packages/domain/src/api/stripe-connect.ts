// The Stripe Connect answers (spec section 7 "Card provider"), shared by the server (which sends them)
// and the page (which checks them on arrival).
import { z } from 'zod';
import { envelope } from './envelope';

export const redirectAnswer = envelope(z.object({ url: z.string(), expires_at: z.string() }));

const CONNECTION_STATUSES = [
  'not_connected',
  'incomplete',
  'connected',
  'charges_disabled',
  'account_missing',
] as const;

/**
 * Where a gym stands with Stripe: no account yet, an account whose onboarding is not finished, one
 * that takes card payments, one that took them until Stripe stopped its charges (`disabled_reason`, e.g.
 * `requirements.past_due`: Stripe's set-up form asks for what is missing), or a stored account Stripe no
 * longer knows (connecting again replaces it).
 */
const stripeConnectionSchema = z.object({
  gym_id: z.number(),
  stripe_id: z.string().nullable(),
  status: z.enum(CONNECTION_STATUSES),
  charges_enabled: z.boolean(),
  details_submitted: z.boolean(),
  payouts_enabled: z.boolean(),
  /** Stripe's `requirements.disabled_reason` while the account cannot charge. */
  disabled_reason: z.string().nullable(),
  connected_at: z.string().nullable(),
});
export type StripeConnection = z.infer<typeof stripeConnectionSchema>;
export const connectionAnswer = envelope(stripeConnectionSchema);
