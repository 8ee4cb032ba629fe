// `npm run worker`: the daily billing run and housekeeping without the HTTP server, for scale. Run as
// many as you like against one PostgreSQL server (DATABASE_URL); give the web servers BILLING_WORKERS=off
// if the workers alone should do it. The embedded database belongs to one process, so a worker needs a
// server. In sandbox mode the simulators are the ones `npm start` runs on their configured ports.
// The production image installs no development packages, so the simulators' package (@gym/sandbox, a
// development dependency) is loaded only in sandbox mode, for its default keys (a lint rule refuses any
// other import of it here).
import pino from 'pino';
import {
  ConfigError,
  clockFromEnv,
  createProviders,
  devToolsEnabled,
  encryptionKey,
  loggerOptions,
  openMigratedDatabase,
  readEnv,
  restoreClock,
  secretBox,
  serveWorkerMetrics,
  smtpMailer,
  startScheduledWork,
} from '../apps/server/src/public';

try {
  if (!process.env.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_URL: a worker shares a PostgreSQL server with the web servers (the embedded database belongs to one process)',
    );
  }
  let env = readEnv();
  if (env.PROVIDERS === 'sandbox') {
    // biome-ignore lint/style/noRestrictedImports: the one load of the simulators' package, in sandbox mode only
    const { SANDBOX_DEFAULTS } = await import('@gym/sandbox');
    const at = (port: number) => `http://127.0.0.1:${port}`;
    const defaults: Record<string, string> = {
      AKAHU_API_URL: at(env.SANDBOX_AKAHU_PORT),
      AKAHU_APP_TOKEN: SANDBOX_DEFAULTS.akahuAppToken,
      AKAHU_APP_SECRET: SANDBOX_DEFAULTS.akahuAppSecret,
      STRIPE_API_URL: at(env.SANDBOX_STRIPE_PORT),
      STRIPE_SECRET_KEY: SANDBOX_DEFAULTS.stripeSecretKey,
      STRIPE_WEBHOOK_SECRET: SANDBOX_DEFAULTS.stripeWebhookSecret,
      KISI_API_URL: at(env.SANDBOX_KISI_PORT),
      KISI_WEBHOOK_SECRET: SANDBOX_DEFAULTS.kisiWebhookSecret,
    };
    for (const [key, value] of Object.entries(defaults)) process.env[key] ||= value;
    env = readEnv();
  }
  const log = pino(loggerOptions(env.LOG_LEVEL, process.stdout.isTTY));
  const clock = clockFromEnv(env);
  const providers = createProviders(env, clock);
  const secrets = secretBox(encryptionKey(env));
  // Billing mail goes where the server's goes: SMTP_URL, or in a sandbox the mail capture `npm start` runs.
  const smtpUrl =
    env.SMTP_URL ?? (devToolsEnabled(env) ? `smtp://127.0.0.1:${env.MAIL_CAPTURE_PORT}` : undefined);
  if (!smtpUrl) throw new ConfigError('Invalid configuration:\n  SMTP_URL: a worker sends billing mail');
  const mailer = smtpMailer(smtpUrl, env.MAIL_FROM);
  const database = await openMigratedDatabase(env);
  await restoreClock({ db: database.db, clock, env });
  const work = startScheduledWork({ db: database.db, secrets, providers, clock, env, mailer }, log);
  log.info('billing worker running');
  const metrics =
    env.METRICS_PORT === undefined ? null : await serveWorkerMetrics(env.METRICS_PORT, database.db);
  // SIGTERM: the current pass finishes (its transactions commit or roll back, releasing their claims).
  const stop = async () => {
    metrics?.close();
    await work.stop();
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  throw error;
}
