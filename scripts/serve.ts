// The composition root of `npm start`: in sandbox mode (the default) it starts the Akahu, Stripe and Kisi
// simulators on their configured ports, on the same clock as the server, and hands the server their
// addresses and keys through its configuration, like any other provider's. Then it starts the server.
import { rememberProductRecords, startHistorySimulators, startSandbox } from '@gym/sandbox';
import { ConfigError, clockFromEnv, readEnv, startServer } from '../apps/server/src/public';

function fail(error: unknown): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  process.stderr.write(
    `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
}

try {
  const env = readEnv();
  const clock = clockFromEnv(env);
  if (env.PROVIDERS === 'live') {
    await startServer({ clock });
  } else {
    const sandbox = await startSandbox({
      akahuPort: env.SANDBOX_AKAHU_PORT,
      stripePort: env.SANDBOX_STRIPE_PORT,
      kisiPort: env.SANDBOX_KISI_PORT,
      // The simulators keep the application's time, so signed webhooks are never judged stale.
      now: () => clock.now(),
      webhookTargets: {
        akahu: `${env.APP_URL}/api/webhooks/akahu`,
        stripe: `${env.APP_URL}/api/webhooks/stripe`,
        kisi: `${env.APP_URL}/api/webhooks/kisi`,
      },
      ...(env.STRIPE_WEBHOOK_SECRET ? { stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET } : {}),
      ...(env.KISI_WEBHOOK_SECRET ? { kisiWebhookSecret: env.KISI_WEBHOOK_SECRET } : {}),
    });
    // Settings given explicitly win; the rest name the simulators just started.
    for (const [key, value] of Object.entries(sandbox.serverSettings)) process.env[key] ||= value;
    await startServer({
      clock,
      banner: [
        `  Provider sandbox:   Akahu ${sandbox.akahu.url}, Stripe ${sandbox.stripe.url}, Kisi ${sandbox.kisi.url}, Branch ${sandbox.branch.url}`,
      ],
      onClose: () => sandbox.close(),
      // Moving the clock lets the simulators answer what fell due (bank payments, webhooks) on the way.
      onClockMoved: () => sandbox.controls.settle(),
      // An organisation's Kisi signing key, saved while running, is the one the Kisi simulator signs its
      // events with at once (at a start it learns them all from the product's records, below).
      onKisiWebhookSecret: (apiKey, secret) => sandbox.controls.kisi.setWebhookSecret(apiKey, secret),
      // The simulators start empty: they learn the accounts, keys, places and doors the product holds, so
      // connected gyms stay connected across restarts (and the demo works without connecting anything).
      onProviderRecords: (records) =>
        rememberProductRecords(sandbox.controls, records, process.env.AKAHU_APP_TOKEN),
      // A first start makes the demo's history on simulators of its own (seed/demo-journey.ts).
      historySimulators: startHistorySimulators,
    });
  }
} catch (error) {
  fail(error);
}
