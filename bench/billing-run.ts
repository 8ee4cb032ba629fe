// `npm run bench:billing [-- --subscriptions 100000 --workers 1,2,4]`: the daily billing run at scale, on a
// PostgreSQL server against the simulators. It builds its own database (gym_bench_billing beside the bench
// database): one organisation, N weekly bank members all due the same day, each with an Akahu consent the
// simulator knows. Then, for each worker count, it clears the day and runs it with that many workers side
// by side (each its own connection pool, in this process; with `--processes`, each its own process, as
// `npm run worker` runs in production), and reports charges per second and where the time went (provider
// calls against the database), appending the figures to bench/RESULTS.md.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { CalendarDate } from '@gym/domain/calendar-date';
import { startSandbox } from '@gym/sandbox';
import { sql } from 'drizzle-orm';
import {
  createProviders,
  type Mailer,
  offsetClock,
  openDatabase,
  type Providers,
  queryRows,
  readEnv,
  runBillingDay,
  SEND_CONCURRENCY,
  secretBox,
} from '../apps/server/src/public';
import { benchGymDatabase, insertBankMembers } from './bank-members';
import { BENCH_DATABASE_URL, option } from './bench-config';

const DAY = '2027-03-01' as CalendarDate;
/** The bench times charging; the mail the run queues is written to the outbox and dropped on sending. */
const dropMail: Mailer = { send: async () => {}, close: () => {} };
const url =
  process.env.BENCH_BILLING_DATABASE_URL ?? BENCH_DATABASE_URL.replace(/\/[^/]*$/, '/gym_bench_billing');

/** The akahu simulator's record of each member's consent (the shape `controls.akahu.remember` takes). */
function consents(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    token: `user_token_bench_${i}`,
    email: `billing-bench-${i}@bench.test`,
    accounts: [
      { id: `acc_bench_${i}`, name: 'Everyday', formattedAccount: '12-3140-0123456-00', holder: 'BENCH' },
    ],
  }));
}

/** Provider adapters that add up the time spent waiting on provider calls. */
function timed(providers: Providers, spent: { ms: number; calls: number }): Providers {
  return {
    ...providers,
    akahu: (app) => {
      const akahu = providers.akahu(app);
      return {
        ...akahu,
        makePayment: async (input) => {
          const started = performance.now();
          try {
            return await akahu.makePayment(input);
          } finally {
            spent.ms += performance.now() - started;
            spent.calls += 1;
          }
        },
      };
    },
  };
}

const WORKER = fileURLToPath(
  new URL('../apps/server/src/test/crash/billing-crash.worker.ts', import.meta.url),
);

/** One worker process running the day (the crash test's worker, without failpoints); resolves when it is ready to run, and its end. */
function workerProcess(settings: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: { ...process.env, ...settings },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const ready = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready')) resolve();
    });
  });
  const done = new Promise<void>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker exited ${code}`)))),
  );
  return { ready, done };
}

async function main() {
  const count = Number(option('subscriptions', '100000'));
  const asProcesses = process.argv.includes('--processes');
  const workerCounts = option('workers', '1,2,4').split(',').map(Number);
  const sandbox = await startSandbox({ akahuPaymentDelayMs: 60_000 });
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...sandbox.serverSettings,
  });
  const clock = offsetClock(new Date(`${DAY}T00:05:00+13:00`));
  const key = randomBytes(32).toString('base64');
  const secrets = secretBox(key);
  const gym = await benchGymDatabase(url, {
    name: 'Billing Bench',
    poolSize: 4,
    prices: [{ amount: 2199, billingFrequency: 'weekly' }],
  });
  const setup = gym.database;
  let started = performance.now();
  await insertBankMembers(setup.db, {
    ...gym,
    count,
    label: 'Bench',
    tag: 'bench',
    token: (i) => `user_token_bench_${i}`,
    secrets,
    startDate: DAY,
  });
  sandbox.controls.akahu.remember(consents(count));
  console.info(
    `built ${count.toLocaleString('en-NZ')} due subscriptions in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const rows: string[] = [];
  for (const workers of workerCounts) {
    await setup.db.execute(
      sql`truncate payments, charges, billing_runs, activity_log, outbound_emails cascade`,
    );
    await setup.db.execute(
      sql`update subscriptions set current_period_start = null, current_period_end = null, balance_owing = 0, periods_owing = 0`,
    );
    await setup.db.execute(sql`vacuum analyze`);
    const spent = { ms: 0, calls: 0 };
    if (asProcesses) {
      const children = Array.from({ length: workers }, () =>
        workerProcess({
          ...sandbox.serverSettings,
          DATABASE_URL: url,
          DATABASE_POOL_SIZE: '10',
          ENCRYPTION_KEY: key,
          APP_NOW: clock.now().toISOString(),
          CRASH_DAY: DAY,
          LOG_LEVEL: 'silent',
        }),
      );
      // Timed from the first worker ready to run (loading TypeScript takes each a few seconds).
      await Promise.race(children.map((c) => c.ready));
      started = performance.now();
      await Promise.all(children.map((c) => c.done));
    }
    const pools = asProcesses
      ? []
      : await Promise.all(
          Array.from({ length: workers }, () => openDatabase({ kind: 'postgres', url, poolSize: 10 })),
        );
    if (!asProcesses) started = performance.now();
    await Promise.all(
      pools.map((pool) =>
        runBillingDay(
          {
            db: pool.db,
            secrets,
            clock,
            env,
            mailer: dropMail,
            providers: timed(createProviders(env, clock), spent),
          },
          DAY,
        ),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(pools.map((pool) => pool.close()));
    const [made] = await queryRows<{ charges: number; attempts: number; keys: number }>(
      setup.db,
      sql`select (select count(*) from charges)::int as charges, (select count(*) from payments)::int as attempts,
            (select count(distinct idempotency_key) from payments)::int as keys`,
    );
    const waited = asProcesses
      ? '(in the workers) | (in the workers)'
      : `${(spent.ms / Math.max(1, spent.calls)).toFixed(1)} | ${Math.round((spent.ms / 1000 / seconds / workers) * 100)} %`;
    const line = `| ${workers}${asProcesses ? ' processes' : ''} | ${made!.charges.toLocaleString('en-NZ')} | ${made!.attempts.toLocaleString('en-NZ')} | ${seconds.toFixed(1)} | ${Math.round(made!.charges / seconds).toLocaleString('en-NZ')} | ${waited} |`;
    console.info(line);
    rows.push(line);
    if (made!.charges !== count || made!.attempts !== count || made!.keys !== count)
      throw new Error(`expected ${count} charges and attempts, one key each: ${JSON.stringify(made)}`);
  }
  await setup.close();
  await sandbox.close();

  const when = new Intl.DateTimeFormat('en-NZ', {
    timeZone: 'Pacific/Auckland',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date());
  appendFileSync(
    new URL('./RESULTS.md', import.meta.url),
    `
## Billing run: ${when} (Pacific/Auckland)

\`npm run bench:billing -- --subscriptions ${count} --workers ${workerCounts.join(',')}${asProcesses ? ' --processes' : ''}\`: ${count.toLocaleString('en-NZ')} weekly bank
members due on one day, PostgreSQL server, Akahu simulator in this process; ${cpus().length} cores, load
average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ', ',
      )} at the end. ${asProcesses ? 'Each worker is its own process' : 'Workers run side by side in one process'}, each with its own pool of 10 connections; each sends ${SEND_CONCURRENCY} provider calls at a time.

| workers | charges | attempts | seconds | charges/s | provider call, mean ms | share of worker time waiting on the provider |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
