// `tsx apps/sandbox/src/main.ts`: runs the three simulators on fixed ports for development and demos.
// Environment: SANDBOX_HOST, SANDBOX_AKAHU_PORT, SANDBOX_STRIPE_PORT, SANDBOX_KISI_PORT,
// SANDBOX_AKAHU_WEBHOOK_URL, SANDBOX_STRIPE_WEBHOOK_URL, SANDBOX_KISI_WEBHOOK_URL,
// STRIPE_WEBHOOK_SECRET, KISI_WEBHOOK_SECRET, SANDBOX_AKAHU_PAYMENT_DELAY_MS.
import { SANDBOX_DEFAULTS, startSandbox } from './index';

const env = process.env;

function port(name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    process.stderr.write(`${name} must be a port number (0-65535), got "${raw}"\n`);
    process.exit(78);
  }
  return value;
}

const sandbox = await startSandbox({
  host: env.SANDBOX_HOST || '127.0.0.1',
  akahuPort: port('SANDBOX_AKAHU_PORT', 4101),
  stripePort: port('SANDBOX_STRIPE_PORT', 4102),
  kisiPort: port('SANDBOX_KISI_PORT', 4103),
  webhookTargets: {
    akahu: env.SANDBOX_AKAHU_WEBHOOK_URL || undefined,
    stripe: env.SANDBOX_STRIPE_WEBHOOK_URL || undefined,
    kisi: env.SANDBOX_KISI_WEBHOOK_URL || undefined,
  },
  stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
  kisiWebhookSecret: env.KISI_WEBHOOK_SECRET || undefined,
  akahuPaymentDelayMs: env.SANDBOX_AKAHU_PAYMENT_DELAY_MS
    ? Number(env.SANDBOX_AKAHU_PAYMENT_DELAY_MS)
    : undefined,
});

process.stdout.write(
  [
    'Provider sandbox is running:',
    `  Akahu   ${sandbox.akahu.url}   (app ${SANDBOX_DEFAULTS.akahuAppToken} / ${SANDBOX_DEFAULTS.akahuAppSecret})`,
    `  Stripe  ${sandbox.stripe.url}   (key ${SANDBOX_DEFAULTS.stripeSecretKey})`,
    `  Kisi    ${sandbox.kisi.url}   (KISI-LOGIN ${SANDBOX_DEFAULTS.kisiApiKey})`,
    'Controls: POST <url>/__sandbox/reset, /__sandbox/clock/advance {"ms":…}, GET /__sandbox/webhooks',
    '',
  ].join('\n'),
);

const shutdown = async () => {
  await sandbox.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
