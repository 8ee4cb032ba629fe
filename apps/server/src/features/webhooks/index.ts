// What other features may use of webhooks: the `state` a member's Akahu webhooks are subscribed with.
export { akahuWebhookState, parseAkahuWebhookState } from './akahu-state';
