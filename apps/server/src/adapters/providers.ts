// The outside services the server talks to, chosen once from the configuration: the real Akahu, Stripe
// and Kisi with `PROVIDERS=live`, or the simulators of apps/sandbox (the default). Features take these
// from the app's dependencies and never build a client themselves.
import { SANDBOX_DEFAULTS } from '@gym/sandbox';
import type { Clock } from '../clock';
import type { Env } from '../config/env';
import { type AkahuAdapter, createAkahuAdapter } from './akahu';
import { createKisiAdapter, type KisiAdapter } from './kisi';
import { createStripeAdapter, type StripeAdapter } from './stripe';

export interface AkahuApp {
  appToken: string;
  appSecret: string;
}

export interface Providers {
  mode: Env['PROVIDERS'];
  /** The platform's Stripe account; each gym's charges go to its connected account. */
  stripe: StripeAdapter;
  /** Akahu through a gym's own app when it has one configured, else the platform's app. */
  akahu(app?: AkahuApp | null): AkahuAdapter;
  /** Kisi with an organisation's API key (from its access-control integration). */
  kisi(apiKey: string): KisiAdapter;
  /** The signing key of Kisi's event webhooks. */
  kisiWebhookSecret: string | undefined;
}

export interface ProviderUrls {
  akahu: string;
  stripe: string;
  kisi: string;
}

/** Where each simulator listens when the sandbox runs beside the server. */
export function sandboxUrls(env: Env): ProviderUrls {
  return {
    akahu: `http://127.0.0.1:${env.SANDBOX_AKAHU_PORT}`,
    stripe: `http://127.0.0.1:${env.SANDBOX_STRIPE_PORT}`,
    kisi: `http://127.0.0.1:${env.SANDBOX_KISI_PORT}`,
  };
}

/**
 * The providers for this configuration. In sandbox mode `urls` are the running simulators (tests
 * start them on free ports); in live mode the official hosts unless an *_API_URL overrides them.
 * `clock` is the application clock.
 */
export function createProviders(env: Env, urls: ProviderUrls = sandboxUrls(env), clock?: Clock): Providers {
  const live = env.PROVIDERS === 'live';
  const akahuApi = env.AKAHU_API_URL ?? (live ? undefined : urls.akahu);
  const defaultAkahu: AkahuApp = {
    appToken: env.AKAHU_APP_TOKEN ?? SANDBOX_DEFAULTS.akahuAppToken,
    appSecret: env.AKAHU_APP_SECRET ?? SANDBOX_DEFAULTS.akahuAppSecret,
  };
  const kisiApi = env.KISI_API_URL ?? (live ? undefined : urls.kisi);
  const kisiWebhookSecret =
    env.KISI_WEBHOOK_SECRET ?? (live ? undefined : SANDBOX_DEFAULTS.kisiWebhookSecret);

  return {
    mode: env.PROVIDERS,
    stripe: createStripeAdapter({
      secretKey: env.STRIPE_SECRET_KEY ?? SANDBOX_DEFAULTS.stripeSecretKey,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? SANDBOX_DEFAULTS.stripeWebhookSecret,
      apiUrl: env.STRIPE_API_URL ?? (live ? undefined : urls.stripe),
      // Webhook timestamps are judged by the application clock, which demos and tests can move.
      ...(clock ? { now: () => clock.now() } : {}),
    }),
    akahu: (app) =>
      createAkahuAdapter({
        ...(app ?? defaultAkahu),
        redirectUri: `${env.REGISTER_URL}/bank-account-connected`,
        apiUrl: akahuApi,
        oauthUrl: live ? undefined : urls.akahu,
      }),
    kisi: (apiKey) => createKisiAdapter({ apiKey, apiUrl: kisiApi, webhookSecret: kisiWebhookSecret }),
    kisiWebhookSecret,
  };
}
