// `npm run test:crash [-- --kills 200 --seed N --subscriptions 300 --min-days 8 --pglite --no-bundle]`: the
// billing engine's crash test (apps/server/src/test/crash/billing-crash.test-support.ts says what it
// does and checks). It runs on a database of its own, gym_crash_<random>, created beside the one
// TEST_DATABASE_URL or DATABASE_URL names (default postgres://postgres@127.0.0.1:5432/test) and dropped at
// the end; `--pglite` runs it on an embedded PGlite instead, served to the workers over TCP. Prints the
// figures and exits non-zero if any check failed.
import { parseArgs } from 'node:util';
import type { Database } from '../apps/server/src/public';
import {
  type CrashReport,
  createCrashDatabase,
  createCrashPglite,
  runCrashTest,
} from '../apps/server/src/public-testing';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '200' },
    seed: { type: 'string' },
    subscriptions: { type: 'string', default: '300' },
    'min-days': { type: 'string', default: '8' },
    pglite: { type: 'boolean', default: false },
    'no-bundle': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});

const number = (name: string, text: string | undefined) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`--${name} must be a whole number, not ${text}\n`);
    process.exit(2);
  }
  return n;
};

function print(report: CrashReport, where: string) {
  const k = report.kills;
  const lines = [
    '',
    `Crash test, seed ${report.seed}, on ${where}`,
    `  members        ${report.subscriptions.bank} paying by bank (Akahu), ${report.subscriptions.card} by card (Stripe)`,
    `  days           ${report.days.first} to ${report.days.last} (${report.days.count} days)`,
    `  worker starts  ${report.workerStarts}`,
    `  kills          ${k.total}: ${Object.entries(k.byPoint)
      .map(([point, n]) => `${point} ${n}`)
      .join(', ')}`,
    `                 (${Object.entries(k.byDetail)
      .sort()
      .map(([point, n]) => `${point} ${n}`)
      .join(', ')})`,
    `  charges        ${report.charges.expected} due, ${report.charges.made} made; missing ${report.charges.missing}, extra ${report.charges.extra}, late ${report.charges.late}`,
    `  provider       ${report.providerPayments.akahu} Akahu payments + ${report.providerPayments.stripe} Stripe PaymentIntents; duplicates ${report.providerPayments.duplicates}, named by no attempt ${report.providerPayments.orphans}`,
    `  attempts       ${report.attempts.total}; never sent ${report.attempts.unsent}; disagreeing with the ledgers ${report.attempts.disagreements}`,
    `  last run       resent ${report.finalRun.resent}, asked the bank about ${report.finalRun.polled}`,
    `  key expiry     card attempts resent after the key expired: ${report.keyExpiry.resent} (in ${report.keyExpiry.outages} outages of 25 simulated hours); answered by the PaymentIntent their first request made: ${report.keyExpiry.answeredByFirstIntent}`,
    `  time           ${report.seconds} s`,
    '',
    ...report.checks.map((c) => `  ${c.ok ? '✔' : '✘'} ${c.name}`),
    ...(report.problems.length ? ['', ...report.problems.map((p) => `  ${p}`)] : []),
    '',
    `crash-test: ${report.checks.filter((c) => c.ok).length} passed, ${report.checks.filter((c) => !c.ok).length} failed`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main() {
  const adminUrl =
    process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  let database: Database;
  let drop: () => Promise<void>;
  let where: string;
  if (values.pglite) {
    database = await createCrashPglite();
    drop = () => database.close();
    where = 'PGlite (served to the workers over TCP)';
  } else {
    const made = await createCrashDatabase(adminUrl);
    database = made.database;
    drop = made.drop;
    const server = new URL(adminUrl);
    where = `the PostgreSQL server at ${server.host} (database ${made.name})`;
  }
  let report: CrashReport;
  try {
    report = await runCrashTest({
      database,
      kills: number('kills', values.kills),
      seed: values.seed === undefined ? undefined : number('seed', values.seed),
      subscriptions: number('subscriptions', values.subscriptions),
      minDays: number('min-days', values['min-days']),
      bundle: !values['no-bundle'],
      log: values.quiet ? undefined : (line) => process.stdout.write(`${line}\n`),
    });
  } finally {
    await drop();
  }
  print(report, where);
  process.exit(report.checks.every((c) => c.ok) ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
