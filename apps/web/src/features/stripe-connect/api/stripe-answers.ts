// The Stripe Connect answers, checked on arrival: the schemas the server answers with, from
// @gym/domain/api/stripe-connect.
export { connectionAnswer, redirectAnswer, type StripeConnection } from '@gym/domain/api/stripe-connect';

/** Query keys of this feature. */
export const stripeKeys = {
  all: ['stripe-connect'] as const,
  connection: (gymId: number) => ['stripe-connect', 'connection', gymId] as const,
};
