// The crash test, short (issue 11, "Crash tests"; `npm run test:crash` is the long one, 200 kills, in CI):
// worker processes running the billing days are killed with SIGKILL at the failpoints (after the attempt
// is written and before the provider call; after the call and before its answer is written; between
// claiming due subscriptions and writing their charges) and by a timer at random moments, and restarted
// until each day finishes; nobody is charged twice and nobody is missed, by the Akahu and Stripe
// simulators' own ledgers. billing-crash.test-support.ts says what it checks.
//
// It runs on this file's database: the PostgreSQL server with TEST_DATABASE_URL (the workers connect to
// it), otherwise PGlite, which the driver serves to the workers over TCP one connection at a time
// (billing-crash.pglite-socket.ts), rolling back what a killed worker left open as a server would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/test-database';
import { runCrashTest } from './billing-crash.test-support';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database.close());

describe('workers killed at random points of the billing run', () => {
  it('charge nobody twice and miss nobody, by the providers’ own ledgers', async () => {
    const report = await runCrashTest({ database, kills: 12, subscriptions: 40, minDays: 6 });
    const { problems, checks, ...figures } = report;
    console.info(`crash test (seed ${report.seed}): ${JSON.stringify(figures)}`);
    expect(problems).toEqual([]);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(report.kills.total).toBeGreaterThanOrEqual(12);
    expect(report.charges.made).toBe(report.charges.expected);
    expect(report.providerPayments.akahu + report.providerPayments.stripe).toBe(report.charges.expected);
  }, 150_000);
});
