// What other features and the server may use of webhooks: the `state` a member's Akahu webhooks are
// subscribed with, and the start-up check of Stripe's webhook endpoint with live keys.
export { akahuWebhookState } from './akahu-state';
export { checkStripeWebhookEndpoint } from './stripe-endpoint-check';
