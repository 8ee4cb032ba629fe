// The outside services the server talks to, chosen once from the configuration: the real Akahu, Stripe
// and Kisi with `PROVIDERS=live`, or the simulators that the start script (or the test support) runs
// beside the server and names in the configuration (`PROVIDERS=sandbox`, the default). Features take
// these from the app's dependencies and never build a client themselves.
import type { Clock } from '../clock';
import { ConfigError, type Env } from '../config/env';
import { counted } from '../metrics/provider-calls';
import { type AkahuAdapter, createAkahuAdapter } from './akahu';
import { createKisiAdapter, type KisiAdapter } from './kisi';
import { createStripeAdapter, type StripeAdapter } from './stripe';

interface AkahuApp {
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

/** In sandbox mode every address and key comes from the running simulators: the start script sets them. */
const SANDBOX_SETTINGS = [
  'AKAHU_API_URL',
  'AKAHU_APP_TOKEN',
  'AKAHU_APP_SECRET',
  'STRIPE_API_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'KISI_API_URL',
  'KISI_WEBHOOK_SECRET',
] as const;

/**
 * The providers for this configuration: in live mode the official hosts unless an *_API_URL overrides
 * them; in sandbox mode the simulators named by the same settings. `clock` is the application clock.
 */
export function createProviders(env: Env, clock?: Clock): Providers {
  const live = env.PROVIDERS === 'live';
  if (!live) {
    const missing = SANDBOX_SETTINGS.filter((key) => !env[key]);
    if (missing.length > 0)
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required when PROVIDERS=sandbox (npm start sets it when it starts the simulators)`).join('\n')}`,
      );
  }
  const defaultAkahu: AkahuApp = { appToken: env.AKAHU_APP_TOKEN!, appSecret: env.AKAHU_APP_SECRET! };
  const kisiWebhookSecret = env.KISI_WEBHOOK_SECRET;
  const akahuClients = new Map<string, AkahuAdapter>();

  return {
    mode: env.PROVIDERS,
    stripe: counted(
      'stripe',
      createStripeAdapter({
        secretKey: env.STRIPE_SECRET_KEY!,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
        apiUrl: env.STRIPE_API_URL,
        // Webhook timestamps are judged by the application clock, which demos and tests can move.
        ...(clock ? { now: () => clock.now() } : {}),
      }),
    ),
    akahu: (app) => {
      // One client per app, kept: a run sends thousands of payments through a gym's app.
      const chosen = app ?? defaultAkahu;
      const key = `${chosen.appToken}\u0000${chosen.appSecret}`;
      let adapter = akahuClients.get(key);
      if (!adapter) {
        adapter = counted(
          'akahu',
          createAkahuAdapter({
            ...chosen,
            redirectUri: `${env.REGISTER_URL}/bank-account-connected`,
            apiUrl: env.AKAHU_API_URL,
            oauthUrl: live ? undefined : env.AKAHU_API_URL,
          }),
        );
        akahuClients.set(key, adapter);
      }
      return adapter;
    },
    kisi: (apiKey) =>
      counted(
        'kisi',
        createKisiAdapter({ apiKey, apiUrl: env.KISI_API_URL, webhookSecret: kisiWebhookSecret }),
      ),
    kisiWebhookSecret,
  };
}
