// Simulators of Akahu, Stripe, Kisi and Branch in one process: four listeners, one clock, one webhook
// dispatcher, and the controls tests and demos use to make the providers behave (or misbehave).
import type { RememberedConnection } from './akahu/controls';
import { createAkahuSimulator } from './akahu/server';
import { type BranchControls, createBranchSimulator } from './branch/server';
import { createKisiSimulator } from './kisi/server';
import { createSimClock } from './shared/clock';
import type { FaultSpec } from './shared/faults';
import { baseUrl, listen } from './shared/http';
import { type SandboxRuntime, settle } from './shared/runtime';
import { Scheduler } from './shared/scheduler';
import { type ServiceName, type WebhookDelivery, WebhookDispatcher } from './shared/webhooks';
import type { RememberedCard, RememberedPaymentIntent } from './stripe/controls';
import { createStripeSimulator } from './stripe/server';

export type { AkahuControls, RememberedConnection } from './akahu/controls';
export type { BranchControls, BranchLink } from './branch/server';
export type { KisiControls } from './kisi/controls';
export type { FaultSpec } from './shared/faults';
export { type ServiceName, SIMULATOR_ONLY_HEADER, type WebhookDelivery } from './shared/webhooks';
export type { RememberedCard, RememberedPaymentIntent, StripeControls } from './stripe/controls';

/** The credentials the simulators accept unless told otherwise. */
export const SANDBOX_DEFAULTS = {
  akahuAppToken: 'app_token_sandbox',
  akahuAppSecret: 'app_secret_sandbox',
  stripeSecretKey: 'sk_test_sandbox',
  stripePublishableKey: 'pk_test_sandbox',
  stripeWebhookSecret: 'whsec_sandbox',
  stripeApiVersion: '2026-10-28.endive',
  kisiApiKey: 'kisi_sandbox_api_key',
  kisiWebhookSecret: 'kisi_sandbox_webhook_secret',
  akahuPaymentDelayMs: 5_000,
} as const;

export interface SandboxOptions {
  akahuPort?: number;
  stripePort?: number;
  kisiPort?: number;
  /** The Branch deep-link simulator (the gyms' app links); any free port by default. */
  branchPort?: number;
  host?: string;
  webhookTargets?: { akahu?: string; stripe?: string; kisi?: string };
  stripeWebhookSecret?: string;
  kisiWebhookSecret?: string;
  now?: () => Date;
  /** The default Akahu app (any `app_token_<x>` / `app_secret_<x>` pair is accepted as well). */
  akahuApp?: { appToken: string; appSecret: string };
  stripeKeys?: { secretKey?: string; publishableKey?: string };
  kisiApiKey?: string;
  /** Simulated time a bank payment takes from READY to its answer. */
  akahuPaymentDelayMs?: number;
  /** Where browsers reach each listener, when not at http://host:port (hosted pages, redirects). */
  publicUrls?: { akahu?: string; stripe?: string; kisi?: string };
}

export interface SandboxControls {
  /** Forgets everything (all three providers), clears faults and webhook settings, resets the clock. */
  reset(): void;
  now(): Date;
  /** Moves the simulated clock forward, running payments and webhook retries at their due times. */
  advanceClock(ms: number): Promise<void>;
  /** Runs everything due now and waits for webhook deliveries in flight. */
  settle(): Promise<void>;
  webhooks: {
    list(service?: ServiceName): WebhookDelivery[];
    /** Drop the next `count` deliveries (-1: all until `drop(service, 0)`). */
    drop(service: ServiceName, count?: number): void;
    delay(service: ServiceName, ms: number): void;
    setTarget(service: ServiceName, url: string | null): void;
    redeliver(id: string): WebhookDelivery | undefined;
  };
  faults: { inject(service: ServiceName, spec: FaultSpec): void; clear(service: ServiceName): void };
  akahu: import('./akahu/controls').AkahuControls;
  stripe: import('./stripe/controls').StripeControls;
  kisi: import('./kisi/controls').KisiControls;
  branch: BranchControls;
}

export interface Endpoint {
  url: string;
  port: number;
}

export interface RunningSandbox {
  akahu: Endpoint;
  stripe: Endpoint;
  kisi: Endpoint;
  branch: Endpoint;
  /**
   * What a server needs to talk to these simulators, named as the product's configuration names it
   * (AKAHU_API_URL, STRIPE_SECRET_KEY, …): the start script and the route tests hand these to the server.
   */
  serverSettings: Record<string, string>;
  controls: SandboxControls;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  const clock = createSimClock(options.now);
  const scheduler = new Scheduler(clock);
  const webhooks = new WebhookDispatcher(clock, scheduler, options.webhookTargets ?? {});
  const runtime: SandboxRuntime = { clock, scheduler, webhooks };

  const akahu = createAkahuSimulator(runtime, {
    paymentDelayMs: options.akahuPaymentDelayMs ?? SANDBOX_DEFAULTS.akahuPaymentDelayMs,
    receivedDelayMs: 1_000,
    codeTtlMs: 10 * 60_000,
    defaultApp: options.akahuApp ?? {
      appToken: SANDBOX_DEFAULTS.akahuAppToken,
      appSecret: SANDBOX_DEFAULTS.akahuAppSecret,
    },
  });
  const stripe = createStripeSimulator(runtime, {
    secretKey: options.stripeKeys?.secretKey ?? SANDBOX_DEFAULTS.stripeSecretKey,
    publishableKey: options.stripeKeys?.publishableKey ?? SANDBOX_DEFAULTS.stripePublishableKey,
    webhookSecret: options.stripeWebhookSecret ?? SANDBOX_DEFAULTS.stripeWebhookSecret,
    apiVersion: SANDBOX_DEFAULTS.stripeApiVersion,
  });
  const kisi = createKisiSimulator(runtime, {
    apiKey: options.kisiApiKey ?? SANDBOX_DEFAULTS.kisiApiKey,
    webhookSecret: options.kisiWebhookSecret ?? SANDBOX_DEFAULTS.kisiWebhookSecret,
  });
  const branch = createBranchSimulator(() => clock.now());
  const simulators = { akahu, stripe, kisi };

  const ports: Record<ServiceName, number> = { akahu: 0, stripe: 0, kisi: 0 };
  let branchPort = 0;
  try {
    ports.akahu = await listen(akahu.app, host, options.akahuPort ?? 0);
    ports.stripe = await listen(stripe.app, host, options.stripePort ?? 0);
    ports.kisi = await listen(kisi.app, host, options.kisiPort ?? 0);
    branchPort = await listen(branch.app, host, options.branchPort ?? 0);
  } catch (error) {
    await Promise.allSettled([akahu.app.close(), stripe.app.close(), kisi.app.close(), branch.app.close()]);
    throw error;
  }
  const endpoint = (service: ServiceName): Endpoint => ({
    url: baseUrl(host, ports[service]),
    port: ports[service],
  });
  stripe.setPublicUrl(options.publicUrls?.stripe ?? endpoint('stripe').url);
  const branchEndpoint: Endpoint = { url: baseUrl(host, branchPort), port: branchPort };
  branch.setPublicUrl(branchEndpoint.url);
  scheduler.start();

  const controls: SandboxControls = {
    reset: () => {
      scheduler.clear();
      akahu.controls.reset();
      stripe.controls.reset();
      kisi.controls.reset();
      branch.controls.reset();
      webhooks.reset();
      clock.reset();
    },
    now: () => clock.now(),
    advanceClock: (ms) => scheduler.advance(ms),
    settle: () => settle(runtime),
    webhooks: {
      list: (service) => webhooks.list(service),
      drop: (service, count = -1) => webhooks.drop(service, count),
      delay: (service, ms) => webhooks.delay(service, ms),
      setTarget: (service, url) => webhooks.setTarget(service, url),
      redeliver: (id) => webhooks.redeliver(id),
    },
    faults: {
      inject: (service, spec) => simulators[service].faults.inject(spec),
      clear: (service) => simulators[service].faults.clear(),
    },
    akahu: akahu.controls,
    stripe: stripe.controls,
    kisi: kisi.controls,
    branch: branch.controls,
  };

  const akahuApp = options.akahuApp ?? {
    appToken: SANDBOX_DEFAULTS.akahuAppToken,
    appSecret: SANDBOX_DEFAULTS.akahuAppSecret,
  };
  return {
    akahu: endpoint('akahu'),
    stripe: endpoint('stripe'),
    kisi: endpoint('kisi'),
    branch: branchEndpoint,
    serverSettings: {
      AKAHU_API_URL: endpoint('akahu').url,
      AKAHU_APP_TOKEN: akahuApp.appToken,
      AKAHU_APP_SECRET: akahuApp.appSecret,
      STRIPE_API_URL: endpoint('stripe').url,
      STRIPE_SECRET_KEY: options.stripeKeys?.secretKey ?? SANDBOX_DEFAULTS.stripeSecretKey,
      STRIPE_WEBHOOK_SECRET: options.stripeWebhookSecret ?? SANDBOX_DEFAULTS.stripeWebhookSecret,
      KISI_API_URL: endpoint('kisi').url,
      KISI_WEBHOOK_SECRET: options.kisiWebhookSecret ?? SANDBOX_DEFAULTS.kisiWebhookSecret,
      BRANCH_API_URL: branchEndpoint.url,
    },
    controls,
    close: async () => {
      await scheduler.stop();
      await Promise.allSettled([akahu.app.close(), stripe.app.close(), kisi.app.close(), branch.app.close()]);
    },
  };
}

// What the product holds at the providers, taught to simulators that keep nothing between starts (the
// shape of the server's `loadProviderRecords`), and the simulators the demo seed's history runs against.

export interface ProductRecords {
  stripeAccounts: { id: string; name: string }[];
  kisi: Parameters<SandboxControls['kisi']['remember']>[0];
  stripeCards: RememberedCard[];
  stripePaymentIntents: RememberedPaymentIntent[];
  akahuConnections: (Omit<RememberedConnection, 'appToken'> & { appToken: string | null })[];
  /** The gyms' own Akahu apps: known again, so consents made with them can be exchanged. */
  akahuApps?: { appToken: string; appSecret: string }[];
}

/** Tells the simulators what the product holds; `defaultAppToken` for consents made with the sandbox's own app. */
export function rememberProductRecords(
  controls: Pick<SandboxControls, 'stripe' | 'kisi' | 'akahu'>,
  records: ProductRecords,
  defaultAppToken: string | undefined,
): void {
  controls.stripe.rememberAccounts(records.stripeAccounts);
  controls.kisi.remember(records.kisi);
  controls.stripe.rememberCards(records.stripeCards);
  controls.stripe.rememberPaymentIntents(records.stripePaymentIntents);
  for (const app of records.akahuApps ?? []) controls.akahu.registerApp(app);
  controls.akahu.remember(
    records.akahuConnections.map(({ appToken, ...connection }) => ({
      ...connection,
      ...((appToken ?? defaultAppToken) ? { appToken: (appToken ?? defaultAppToken) as string } : {}),
    })),
  );
}

/** Private simulators on free ports for the demo seed's journey through its history (the server's `JourneySimulators`). */
export async function startHistorySimulators(now: () => Date) {
  const sandbox = await startSandbox({ now });
  return {
    serverSettings: sandbox.serverSettings,
    setWebhookTarget: (service: 'akahu' | 'stripe' | 'kisi', url: string) =>
      sandbox.controls.webhooks.setTarget(service, url),
    settle: () => sandbox.controls.settle(),
    teach: (records: ProductRecords) =>
      rememberProductRecords(sandbox.controls, records, sandbox.serverSettings.AKAHU_APP_TOKEN),
    setAccountBalance: (accountId: string, dollars: number) =>
      sandbox.controls.akahu.setBalance(accountId, dollars),
    close: () => sandbox.close(),
  };
}
