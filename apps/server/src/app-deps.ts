// What the HTTP application is built from: configuration, database, clock, outside services.
import type { FastifyServerOptions } from 'fastify';
import type { Providers } from './adapters/providers';
import type { Clock } from './clock';
import type { Env } from './config/env';
import type { Db } from './db/client';
import type { SecretBox } from './db/secrets';
import type { Lifecycle } from './lifecycle';
import type { MailCapture } from './mail/capture';
import type { Mailer } from './mail/mailer';

export interface AppDeps {
  env: Env;
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  mailer: Mailer;
  /** Akahu, Stripe and Kisi: the simulators in sandbox mode, the real services in live mode. */
  providers: Providers;
  /** The development SMTP capture, when it runs in this process: adds the mailbox page. */
  mailCapture?: MailCapture | undefined;
  /** The built page (apps/web/dist); absent in API-only tests. */
  webDistDir?: string;
  logger?: FastifyServerOptions['logger'];
  /**
   * Sandbox only: after the clock moves, lets the simulators do what fell due meanwhile (bank payments
   * answer, webhooks are delivered) and answers when they have.
   */
  onClockMoved?: (() => Promise<void>) | undefined;
  /**
   * Sandbox only: an organisation saved its Kisi integration, whose events Kisi now signs with `secret`
   * (null: the platform's key). The Kisi simulator signs that API key's events with it from then on, as
   * Kisi does once the organisation's admin typed the key into its event webhook integration.
   */
  onKisiWebhookSecret?: ((apiKey: string, secret: string | null) => void) | undefined;
  /** Serving or draining for a shutdown (readiness answers 503 while draining); absent: always serving. */
  lifecycle?: Lifecycle;
  /** A streaming standby (DATABASE_REPLICA_URL); only db/read-replica.ts decides what reads it. */
  replicaDb?: Db | undefined;
}
