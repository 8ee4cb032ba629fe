// Starts the server: configuration, database (migrated, demo data when empty), mail, providers, HTTP. The
// provider simulators are not the server's business: in sandbox mode the start script runs them and
// names them in the configuration (scripts/serve.ts).
import { fileURLToPath } from 'node:url';
import * as Sentry from '@sentry/node';
import pino from 'pino';
import { createProviders } from './adapters/providers';
import { buildApp } from './app';
import { type Clock, clockFromEnv } from './clock';
import { ConfigError, devToolsEnabled, readEnv } from './config/env';
import { openDatabase } from './db/client';
import { secretBox } from './db/secrets';
import { sentryOptions } from './error-reporting';
import { followSharedClock, restoreClock } from './features/clock';
import { checkStripeWebhookEndpoint } from './features/webhooks';
import { startScheduledWork } from './jobs';
import { createLifecycle, shutDown } from './lifecycle';
import { loggerOptions } from './logger';
import { type MailCapture, startMailCapture } from './mail/capture';
import { smtpMailer } from './mail/mailer';
import { encryptionKey, openMigratedDatabase } from './runtime';
import type { StartJourneySimulators } from './seed/demo-journey';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from './seed/demo-people';
import { HISTORY_DAYS } from './seed/member-plan';
import { loadProviderRecords, type ProviderRecords } from './seed/provider-records';
import { isDatabaseEmpty, seedDemo } from './seed/seed-demo';

export interface ServerOptions {
  /** Simulators for the demo seed's history (sandbox only): an empty database is seeded with them. */
  historySimulators?: StartJourneySimulators;
  /** The application clock; the start script shares it with the simulators. */
  clock?: Clock;
  /** Lines for the start-up banner (where the simulators listen). */
  banner?: string[];
  /** Runs at shutdown after the server closed (stops the simulators). */
  onClose?: () => Promise<void>;
  /**
   * Given what the product holds at the providers, once the database is ready: the start script hands it
   * to the simulators, which keep nothing between starts.
   */
  onProviderRecords?: (records: ProviderRecords) => Promise<void> | void;
  /** Sandbox: lets the simulators do what fell due when the clock moves (see AppDeps.onClockMoved). */
  onClockMoved?: () => Promise<void>;
  /** Sandbox: a Kisi signing key saved reaches the Kisi simulator (see AppDeps.onKisiWebhookSecret). */
  onKisiWebhookSecret?: (apiKey: string, secret: string | null) => void;
}

export async function startServer(options: ServerOptions = {}) {
  const env = readEnv();
  const pretty = process.stdout.isTTY && env.NODE_ENV !== 'production';
  const log = pino(loggerOptions(env.LOG_LEVEL, pretty));
  const reporting = sentryOptions(env);
  if (reporting) Sentry.init(reporting);
  const clock = options.clock ?? clockFromEnv(env);
  // Checked before any work: a provider missing from the configuration stops start-up at once.
  const providers = createProviders(env, clock);
  const secrets = secretBox(encryptionKey(env));

  const started = Date.now();
  const database = await openMigratedDatabase(env);
  log.info({ database: database.kind, ms: Date.now() - started }, 'database ready');
  if (env.SEED_DEMO && options.historySimulators && (await isDatabaseEmpty(database.db))) {
    log.info(
      `empty database: creating the demo data, ${HISTORY_DAYS} days of billing run by the engine (about a minute, only this once)`,
    );
    const seeded = await seedDemo(database.db, {
      now: clock.now(),
      secrets,
      simulators: options.historySimulators,
      onDay: (day, done, of) => {
        if (done % 7 === 0) log.info(`demo history: ${day} (${done} of ${of} days)`);
      },
    });
    log.info(seeded, 'demo data created');
  }

  const resumed = await restoreClock({ db: database.db, clock, env });
  if (resumed) log.info({ now: resumed.toISOString() }, 'the sandbox clock resumes where it was moved to');

  if (options.onProviderRecords)
    await options.onProviderRecords(await loadProviderRecords(database.db, secrets));

  let capture: MailCapture | undefined;
  let smtpUrl = env.SMTP_URL;
  // Only a sandbox in development captures mail (production requires SMTP_URL; see config/env.ts).
  if (!smtpUrl && devToolsEnabled(env)) {
    capture = await startMailCapture(env.MAIL_CAPTURE_PORT);
    smtpUrl = `smtp://127.0.0.1:${capture.port}`;
  }
  if (!smtpUrl) throw new ConfigError('Invalid configuration:\n  SMTP_URL: required when PROVIDERS=live');
  const mailer = smtpMailer(smtpUrl, env.MAIL_FROM);

  // The standby is read only, so it is never migrated: it follows the primary's migrations itself.
  const replica = env.DATABASE_REPLICA_URL
    ? await openDatabase({
        kind: 'postgres',
        url: env.DATABASE_REPLICA_URL,
        poolSize: env.DATABASE_POOL_SIZE,
      })
    : null;
  const lifecycle = createLifecycle();
  const app = await buildApp({
    env,
    lifecycle,
    db: database.db,
    replicaDb: replica?.db,
    clock,
    secrets,
    mailer,
    providers,
    mailCapture: capture,
    webDistDir: fileURLToPath(new URL('../../web/dist', import.meta.url)),
    logger: loggerOptions(env.LOG_LEVEL, pretty),
    onClockMoved: options.onClockMoved,
    onKisiWebhookSecret: options.onKisiWebhookSecret,
  });
  await app.listen({ host: env.HOST, port: env.PORT });
  // With live keys: is Stripe sending the gyms' events here? Warned about, never a reason not to start.
  void checkStripeWebhookEndpoint({ env, providers }, log);

  // The daily billing run and housekeeping, in this process unless BILLING_WORKERS=off says a separate
  // `npm run worker` does them.
  const work =
    env.BILLING_WORKERS === 'off'
      ? null
      : startScheduledWork(
          { db: database.db, secrets, providers, clock, env, mailer, onClockMoved: options.onClockMoved },
          log,
        );

  // A sandbox on a PostgreSQL server may share its clock with other processes (npm run cluster): a move
  // made by one reaches this one within two seconds (followSharedClock; a no-op for a clock that cannot travel).
  const following =
    database.kind === 'postgres'
      ? setInterval(
          () => void followSharedClock({ db: database.db, clock, env }).catch(() => undefined),
          2000,
        )
      : null;
  following?.unref();

  const lines = [
    '',
    '  Gym membership is running.',
    `  Staff back office:  ${env.APP_URL}/login`,
    `  Member join site:   ${env.REGISTER_URL}/`,
    `  API documentation:  ${env.APP_URL}/api/docs`,
    ...(capture ? [`  Mailbox (dev SMTP): ${env.APP_URL}/dev/mailbox`] : []),
    ...(options.banner ?? []),
    '',
    `  Demo sign-ins (password ${DEMO_PASSWORD}):`,
    ...DEMO_SIGN_INS.map((s) => `    ${s.email.padEnd(22)} ${s.what}`),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(
      { signal, drain_seconds: env.SHUTDOWN_DRAIN_SECONDS },
      'shutting down: not ready, finishing requests',
    );
    // Requests in flight get 20 s to finish after the drain; a stop that hangs past that ends the process.
    const force = setTimeout(() => process.exit(1), (env.SHUTDOWN_DRAIN_SECONDS + 20) * 1000);
    force.unref();
    await shutDown({
      lifecycle,
      app,
      work,
      drainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000,
      after: [
        () => clearInterval(following ?? undefined),
        () => mailer.close(),
        () => capture?.close(),
        () => options.onClose?.(),
        () => replica?.close(),
        () => database.close(),
      ],
    });
    log.info('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
