// The server process: configuration, database, development services (sandbox, mail capture), HTTP.
import { fileURLToPath } from 'node:url';
import { startSandbox } from '@gym/sandbox';
import * as Sentry from '@sentry/node';
import pino from 'pino';
import { createProviders, sandboxUrls } from './adapters/providers';
import { buildApp } from './app';
import { offsetClock, systemClock } from './clock';
import { ConfigError, readEnv } from './config/env';
import { secretBox } from './db/secrets';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from './db/seed/demo-people';
import { isDatabaseEmpty, seedDemo } from './db/seed/seed-demo';
import { loggerOptions } from './logger';
import { type MailCapture, startMailCapture } from './mail/capture';
import { smtpMailer } from './mail/mailer';
import { encryptionKey, openMigratedDatabase } from './runtime';

async function main() {
  const env = readEnv();
  const pretty = process.stdout.isTTY && env.NODE_ENV !== 'production';
  const log = pino(loggerOptions(env.LOG_LEVEL, pretty));
  if (env.SENTRY_DSN) {
    Sentry.init({
      dsn: env.SENTRY_DSN,
      environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
      tracesSampleRate: 0.5,
    });
  }
  const clock = env.APP_NOW ? offsetClock(new Date(env.APP_NOW)) : systemClock;
  const secrets = secretBox(encryptionKey(env));

  const started = Date.now();
  const database = await openMigratedDatabase(env);
  log.info({ database: database.kind, ms: Date.now() - started }, 'database ready');
  if (env.SEED_DEMO && (await isDatabaseEmpty(database.db))) {
    log.info('empty database: creating the demo data (about a minute, only this once)');
    const seeded = await seedDemo(database.db, { now: clock.now(), secrets });
    log.info(seeded, 'demo data created');
  }

  let capture: MailCapture | undefined;
  let smtpUrl = env.SMTP_URL;
  if (!smtpUrl) {
    capture = await startMailCapture(env.MAIL_CAPTURE_PORT);
    smtpUrl = `smtp://127.0.0.1:${capture.port}`;
  }
  const mailer = smtpMailer(smtpUrl, env.MAIL_FROM);

  // In sandbox mode the simulators run in this process, on their configured ports, and send their
  // webhooks to this server like the real services would.
  const sandbox =
    env.PROVIDERS === 'sandbox'
      ? await startSandbox({
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
        })
      : undefined;
  if (sandbox)
    log.info(
      { akahu: sandbox.akahu.url, stripe: sandbox.stripe.url, kisi: sandbox.kisi.url },
      'provider sandbox ready',
    );
  const providers = createProviders(env, sandboxUrls(env), clock);

  const app = await buildApp({
    env,
    db: database.db,
    clock,
    secrets,
    mailer,
    providers,
    mailCapture: capture,
    webDistDir: fileURLToPath(new URL('../../web/dist', import.meta.url)),
    logger: loggerOptions(env.LOG_LEVEL, pretty),
  });
  await app.listen({ host: env.HOST, port: env.PORT });

  const lines = [
    '',
    '  Gym membership is running.',
    `  Staff back office:  ${env.APP_URL}/login`,
    `  Member join site:   ${env.REGISTER_URL}/`,
    `  API documentation:  ${env.APP_URL}/api/docs`,
    ...(capture ? [`  Mailbox (dev SMTP): ${env.APP_URL}/dev/mailbox`] : []),
    ...(sandbox
      ? [
          `  Provider sandbox:   Akahu ${sandbox.akahu.url}, Stripe ${sandbox.stripe.url}, Kisi ${sandbox.kisi.url}`,
        ]
      : []),
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
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    mailer.close();
    await capture?.close();
    await sandbox?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  process.stderr.write(
    `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
