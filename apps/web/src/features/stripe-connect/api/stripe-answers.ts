// The Stripe Connect answers, checked on arrival. Mirrors apps/server/src/features/stripe-connect/
// stripe-connect.schemas.ts, so drift shows as 'invalid_response', not wrong screens.
import { z } from 'zod';

export const CONNECTION_STATUSES = ['not_connected', 'incomplete', 'connected', 'account_missing'] as const;

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
export const redirectAnswer = z.object({ data: z.object({ url: z.string(), expires_at: z.string() }) });

/** Query keys of this feature. */
export const stripeKeys = {
  all: ['stripe-connect'] as const,
  connection: (gymId: number) => ['stripe-connect', 'connection', gymId] as const,
};
