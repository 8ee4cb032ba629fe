// The start-up check of Stripe's webhook endpoint with live keys: Stripe must send the gyms' events
// (their connected accounts') to /api/webhooks/stripe. Stripe's API lists an endpoint's address, status
// and events, but not whether it listens to connected accounts (`connect` is write-only), so that part is
// said in the README and in the warning, not checked.
import type { WebhookEndpointInfo } from '../../adapters/stripe';

/** The events the Stripe webhook handler acts on (stripe-webhooks.ts); the endpoint must send them. */
export const STRIPE_EVENTS_ACTED_ON = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'setup_intent.succeeded',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
  'account.updated',
] as const;

/** What is wrong with the platform's endpoints for `url` (empty: nothing the API can show). */
export function stripeEndpointProblems(endpoints: WebhookEndpointInfo[], url: string): string[] {
  const ours = endpoints.filter((e) => e.url === url);
  if (ours.length === 0) {
    return [
      `No Stripe webhook endpoint sends to ${url}. Add one in Stripe's dashboard (Developers, Webhooks) that listens to "Events on Connected accounts".`,
    ];
  }
  const enabled = ours.filter((e) => e.status === 'enabled');
  if (enabled.length === 0) return [`The Stripe webhook endpoint for ${url} is disabled.`];
  const sent = new Set(enabled.flatMap((e) => e.enabledEvents));
  const missing = sent.has('*') ? [] : STRIPE_EVENTS_ACTED_ON.filter((type) => !sent.has(type));
  return missing.length > 0
    ? [`The Stripe webhook endpoint for ${url} does not send: ${missing.join(', ')}.`]
    : [];
}

/** Runs the check with live keys and says what it found (a warning never stops start-up). */
export async function checkStripeWebhookEndpoint(
  deps: {
    env: { PROVIDERS: string; APP_URL: string };
    providers: { stripe: { webhookEndpoints(): Promise<WebhookEndpointInfo[]> } };
  },
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
): Promise<string[] | null> {
  if (deps.env.PROVIDERS !== 'live') return null;
  const url = `${deps.env.APP_URL}/api/webhooks/stripe`;
  let problems: string[];
  try {
    problems = stripeEndpointProblems(await deps.providers.stripe.webhookEndpoints(), url);
  } catch (error) {
    problems = [`Stripe's webhook endpoints could not be read: ${(error as Error).message}`];
  }
  if (problems.length === 0) {
    log.info(
      { url },
      'Stripe webhook endpoint found (make sure it listens to "Events on Connected accounts": the API does not say)',
    );
  } else {
    for (const problem of problems) log.warn({ url }, problem);
  }
  return problems;
}
