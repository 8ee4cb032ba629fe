// The server's public entry for the repository's own scripts (scripts/), the browser suite's server
// (e2e/) and the benchmarks (bench/): what they may start, open and seed. They import this file (and
// public-testing.ts for test data and the engine's internals a benchmark times), never a deep path;
// Biome keeps it so (biome.json, issue 23).
export { createProviders, type Providers } from './adapters/providers';
export { hashPassword } from './auth/password';
export { clockFromEnv, offsetClock, systemClock } from './clock';
export { ConfigError, devToolsEnabled, readEnv } from './config/env';
export { type Database, type Executor, openDatabase, queryRows } from './db/client';
export { migrate } from './db/migrate';
export { organisationStaff, organisations, users } from './db/schema/index';
export { secretBox } from './db/secrets';
export { runBillingDay } from './features/billing';
export { restoreClock } from './features/clock';
export { SEND_CONCURRENCY } from './in-parallel';
export { startScheduledWork } from './jobs';
export { loggerOptions } from './logger';
export { type Mailer, smtpMailer } from './mail/mailer';
export { serveWorkerMetrics } from './metrics/worker-metrics';
export { encryptionKey, openMigratedDatabase } from './runtime';
export { DEMO_EMAILS, DEMO_PASSWORD } from './seed/demo-people';
export { nzBankAccount } from './seed/nz-bank-account';
export { emailPart, FIRST_NAMES, LAST_NAMES, SUBURBS } from './seed/nz-data';
export { Random } from './seed/random';
export { isDatabaseEmpty, seedDemo } from './seed/seed-demo';
export { startServer } from './server';
