// The demo's history is made by the billing engine itself: the seed gets a private set of provider
// simulators from its caller (the server carries no simulator: decision 006; `startHistorySimulators` in
// @gym/sandbox), starts the application for their webhooks on a clock set in the past, and travels that
// clock to today day by day, as `npm run clock` does, running every day's billing on the way. Nothing
// about charges, attempts, retries, grace or door access is written by the seed.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createProviders } from '../adapters/providers';
import { buildApp } from '../app';
import type { AppDeps } from '../app-deps';
import { offsetClock, type TravellingClock } from '../clock';
import { readEnv } from '../config/env';
import type { Db } from '../db/client';
import type { SecretBox } from '../db/secrets';
import { travel } from '../features/clock';
import type { Mailer } from '../mail/mailer';
import { loadProviderRecords, type ProviderRecords } from './provider-records';

/** Simulators on free ports that follow the journey's clock, and what the journey asks of them. */
interface JourneySimulators {
  /** The server settings that point at them (AKAHU_API_URL, STRIPE_SECRET_KEY…). */
  serverSettings: Record<string, string>;
  setWebhookTarget(service: 'akahu' | 'stripe' | 'kisi', url: string): void;
  /** Does what fell due at the clock's time (bank answers, webhooks). */
  settle(): Promise<void>;
  /** Learns what the product holds (bank consents, cards, Stripe accounts, Kisi places). */
  teach(records: ProviderRecords): void;
  /** A remembered bank account's available balance, in dollars. */
  setAccountBalance(accountId: string, dollars: number): void;
  close(): Promise<void>;
}

export type StartJourneySimulators = (now: () => Date) => Promise<JourneySimulators>;

export interface Journey {
  clock: TravellingClock;
  /** The engine's dependencies on the journey's clock (for the staff actions the history holds). */
  deps: Pick<AppDeps, 'db' | 'secrets' | 'providers' | 'clock'>;
  simulators: JourneySimulators;
  /** Moves the clock to `to`, running each billing day on the way. */
  travelTo(to: Date): Promise<void>;
  /** The simulators learn the members made since the last call (bank consents, cards). */
  learn(): Promise<void>;
  close(): Promise<void>;
}

// The history's mail is queued, never sent (MAIL_HOLD): nothing asks this mailer to send.
const unusedMailer: Mailer = {
  send: () => Promise.reject(new Error('the demo history sends no mail')),
  close: () => {},
};

export async function startJourney(
  db: Db,
  secrets: SecretBox,
  from: Date,
  startSimulators: StartJourneySimulators,
): Promise<Journey> {
  const clock = offsetClock(from);
  const sandbox = await startSimulators(() => clock.now());
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    MAIL_HOLD: 'true',
    ...sandbox.serverSettings,
  });
  const providers = createProviders(env, clock);
  const onClockMoved = () => sandbox.settle();
  const app: FastifyInstance = await buildApp({
    env,
    db,
    clock,
    secrets,
    mailer: unusedMailer,
    providers,
    onClockMoved,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  for (const service of ['akahu', 'stripe', 'kisi'] as const) {
    sandbox.setWebhookTarget(service, `http://127.0.0.1:${port}/api/webhooks/${service}`);
  }
  const deps = { db, secrets, providers, clock, env, mailer: unusedMailer, onClockMoved };
  return {
    clock,
    simulators: sandbox,
    deps,
    async travelTo(to) {
      await travel(deps, to);
    },
    async learn() {
      sandbox.teach(await loadProviderRecords(db, secrets));
    },
    async close() {
      await app.close();
      await sandbox.close();
    },
  };
}
