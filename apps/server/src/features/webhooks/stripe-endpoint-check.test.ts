// The start-up check of Stripe's webhook endpoint (live keys only) on the lists Stripe's API answers.
import { describe, expect, it } from 'vitest';
import {
  checkStripeWebhookEndpoint,
  STRIPE_EVENTS_ACTED_ON,
  stripeEndpointProblems,
} from './stripe-endpoint-check';

const URL = 'https://gym.example.nz/api/webhooks/stripe';
const endpoint = (over: Partial<{ url: string; status: string; enabledEvents: string[] }> = {}) => ({
  url: URL,
  status: 'enabled',
  enabledEvents: [...STRIPE_EVENTS_ACTED_ON],
  ...over,
});

describe('stripeEndpointProblems', () => {
  it('is content with an enabled endpoint at our address sending every event acted on, or all (*)', () => {
    expect(stripeEndpointProblems([endpoint()], URL)).toEqual([]);
    expect(stripeEndpointProblems([endpoint({ enabledEvents: ['*'] })], URL)).toEqual([]);
  });

  it('names a missing endpoint, a disabled one, and the events not sent', () => {
    expect(stripeEndpointProblems([endpoint({ url: 'https://elsewhere.nz/hook' })], URL)[0]).toMatch(
      /^No Stripe webhook endpoint sends to .*Events on Connected accounts/,
    );
    expect(stripeEndpointProblems([endpoint({ status: 'disabled' })], URL)).toEqual([
      `The Stripe webhook endpoint for ${URL} is disabled.`,
    ]);
    expect(
      stripeEndpointProblems(
        [endpoint({ enabledEvents: ['payment_intent.succeeded', 'account.updated'] })],
        URL,
      ),
    ).toEqual([
      `The Stripe webhook endpoint for ${URL} does not send: payment_intent.payment_failed, setup_intent.succeeded, charge.refunded, charge.dispute.created, charge.dispute.closed.`,
    ]);
  });
});

describe('checkStripeWebhookEndpoint', () => {
  const logged: string[] = [];
  const log = {
    info: (_: object, m: string) => logged.push(`info ${m}`),
    warn: (_: object, m: string) => logged.push(`warn ${m}`),
  };

  it('is skipped quietly in a sandbox, and warns with live keys when Stripe cannot be read', async () => {
    const stripe = {
      webhookEndpoints: async () => [endpoint({ url: 'https://gym.example.nz/api/webhooks/stripe' })],
    };
    expect(
      await checkStripeWebhookEndpoint(
        { env: { PROVIDERS: 'sandbox', APP_URL: 'x' }, providers: { stripe } },
        log,
      ),
    ).toBeNull();
    expect(logged).toEqual([]);
    expect(
      await checkStripeWebhookEndpoint(
        { env: { PROVIDERS: 'live', APP_URL: 'https://gym.example.nz' }, providers: { stripe } },
        log,
      ),
    ).toEqual([]);
    const down = {
      webhookEndpoints: async () => {
        throw new Error('Stripe could not be reached');
      },
    };
    const problems = await checkStripeWebhookEndpoint(
      { env: { PROVIDERS: 'live', APP_URL: 'https://gym.example.nz' }, providers: { stripe: down } },
      log,
    );
    expect(problems).toEqual(["Stripe's webhook endpoints could not be read: Stripe could not be reached"]);
    expect(logged.at(-1)).toMatch(/^warn Stripe's webhook endpoints could not be read/);
  });
});
