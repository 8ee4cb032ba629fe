// What other features use of Stripe Connect: recording what Stripe says of a gym's account (webhooks).
export { recordStripeAccountStatus } from './account-status';
