// `npm run bench:clock [-- --scenarios first-start,demo,members --members 10000 --days 365 --demo-days 14
// --unnamed-statements]`:
// the travelling clock (POST /api/dev/clock, `npm run clock`) at the demo and at scale, on simulators
// that follow the clock (the history's own, @gym/sandbox startHistorySimulators), appending the figures
// to bench/RESULTS.md.
//
// - first-start: the demo's history as a first `npm start` makes it (seedDemo on a fresh embedded
//   database on disk, HISTORY_DAYS of billing run by the engine), in seconds.
// - demo: the clock travelled on from there, day by day, through the same `travel` the route runs.
// - members: a PostgreSQL database (gym_bench_clock beside the bench database) with N members of one
//   gym, paying by bank weekly, fortnightly or monthly from start dates spread over four weeks (one in
//   fifty from an account that runs dry, so retries, grace and cancellations happen too), travelled
//   `--days` days.

import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, type CalendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import { startHistorySimulators } from '@gym/sandbox';
import { sql } from 'drizzle-orm';
import {
  type Database,
  migrate,
  openDatabase,
  queryRows,
  secretBox,
  seedDemo,
} from '../apps/server/src/public';
import { startJourney } from '../apps/server/src/public-testing';
import { benchGymDatabase, insertBankMembers } from './bank-members';
import { BENCH_DATABASE_URL, option } from './bench-config';

/** The demo's "now": a fixed instant, so two runs make the same history. */
const DEMO_NOW = new Date('2026-11-27T12:00:00+13:00');
const KEY = Buffer.alloc(32, 7).toString('base64');
const url =
  process.env.BENCH_CLOCK_DATABASE_URL ?? BENCH_DATABASE_URL.replace(/\/[^/]*$/, '/gym_bench_clock');

interface Row {
  scenario: string;
  members: number;
  days: number;
  seconds: number;
  /** CPU seconds this process spent (app, simulators and, on PGlite, the database): on a machine shared
   * with other work, the figure that does not grow with the load. */
  cpu: number;
  charges: number;
  payments: number;
}

const seconds = (from: number) => (performance.now() - from) / 1000;
const cpuSeconds = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1e6;
};

/**
 * With `--statements`: every statement sent is counted by its text (numbers and lists of ids alike), and
 * the most sent are printed at the end of each scenario, to see where a simulated day's round trips go.
 */
const statements = process.argv.includes('--statements') ? new Map<string, number>() : null;
const onStatement = statements
  ? (statement: string) => {
      const shape = statement.replace(/\s+/g, ' ').replace(/\$\d+/g, '$').slice(0, 160);
      statements.set(shape, (statements.get(shape) ?? 0) + 1);
    }
  : undefined;
function printStatements(label: string, payments: number) {
  if (!statements) return;
  const total = [...statements.values()].reduce((a, b) => a + b, 0);
  console.info(`${label}: ${total} statements, ${(total / Math.max(1, payments)).toFixed(1)} a payment`);
  for (const [shape, n] of [...statements].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.info(`${String(n).padStart(7)}  ${shape}`);
  statements.clear();
}

/** Closes, or gives up after ten seconds (a simulator's webhook retries may still be waiting). */
const closing = (close: () => Promise<void>) =>
  Promise.race([close(), new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref())]);

async function counts(database: Database) {
  const [row] = await queryRows<{ members: number; charges: number; payments: number }>(
    database.db,
    sql`select (select count(*)::int from subscriptions) as members, (select count(*)::int from charges) as charges,
          (select count(*)::int from payments) as payments`,
  );
  return row!;
}

/** The demo's first start, then its clock travelled `demoDays` on; answers both rows. */
async function demo(which: Set<string>, demoDays: number): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'gym-bench-clock-'));
  const rows: Row[] = [];
  try {
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: dir,
      // `--unnamed-statements`: PGlite's own unnamed statements, each planned again (the "before" of
      // kept statements, db/pglite-statements.ts).
      statements: process.argv.includes('--unnamed-statements') ? 'unnamed' : 'kept',
      ...(onStatement ? { onStatement } : {}),
    });
    const secrets = secretBox(KEY);
    await migrate(database);
    let started = performance.now();
    let cpu = process.cpuUsage();
    const seeded = await seedDemo(database.db, {
      now: DEMO_NOW,
      secrets,
      simulators: startHistorySimulators,
    });
    const made = await counts(database);
    rows.push({
      scenario: 'first-start (demo history)',
      members: made.members,
      days: seeded.historyDays!,
      seconds: seconds(started),
      cpu: cpuSeconds(cpu),
      charges: made.charges,
      payments: made.payments,
    });
    console.info(rows.at(-1));
    printStatements('first start', made.payments);
    if (which.has('demo')) {
      const journey = await startJourney(database.db, secrets, DEMO_NOW, startHistorySimulators);
      try {
        await journey.learn();
        started = performance.now();
        cpu = process.cpuUsage();
        await journey.travelTo(new Date(DEMO_NOW.getTime() + demoDays * 86_400_000));
        const after = await counts(database);
        rows.push({
          scenario: 'demo travel',
          members: after.members,
          days: demoDays,
          seconds: seconds(started),
          cpu: cpuSeconds(cpu),
          charges: after.charges - made.charges,
          payments: after.payments - made.payments,
        });
        console.info(rows.at(-1));
        printStatements('demo travel', after.payments - made.payments);
      } finally {
        await closing(() => journey.close());
      }
    }
    await closing(() => database.close());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** N members of one gym on a PostgreSQL server, travelled `days` days from the first's start. */
async function members(count: number, days: number): Promise<Row> {
  const first = '2027-01-04' as CalendarDate;
  const secrets = secretBox(KEY);
  const gym = await benchGymDatabase(url, {
    name: 'Clock Bench',
    poolSize: 10,
    onStatement,
    prices: [
      { amount: 2199, billingFrequency: 'weekly' },
      { amount: 3999, billingFrequency: 'fortnightly' },
      { amount: 7999, billingFrequency: 'monthly' },
    ],
  });
  const { database } = gym;
  const db = database.db;
  await insertBankMembers(db, {
    ...gym,
    count,
    label: 'Clock',
    tag: 'clock',
    token: (i) => `user_token_clock_${i}`,
    secrets,
    startDate: first,
    spreadDays: 28,
    upcoming: true,
  });
  await db.execute(sql`vacuum analyze`);
  const from = new Date(startOfDayInstant(addDays(first, -1)).getTime() + 12 * 3_600_000);
  const journey = await startJourney(db, secrets, from, startHistorySimulators);
  let row: Row;
  try {
    await journey.learn();
    // One in fifty pays from an account that holds too little: their charges fail, retry and end in grace.
    for (let i = 0; i < count; i += 50) journey.simulators.setAccountBalance(`acc_clock_${i}`, 3.5);
    statements?.clear();
    const started = performance.now();
    const cpu = process.cpuUsage();
    let last = started;
    for (let day = 1; day <= days; day++) {
      await journey.travelTo(new Date(from.getTime() + day * 86_400_000));
      if (day % 30 === 0 || day === days) {
        console.info(
          `day ${day}: ${(30 / seconds(last)).toFixed(2)} days/s over the last 30, ${(day / seconds(started)).toFixed(2)} overall`,
        );
        last = performance.now();
      }
    }
    const made = await counts(database);
    row = {
      scenario: `members (PostgreSQL)`,
      members: count,
      days,
      seconds: seconds(started),
      cpu: cpuSeconds(cpu),
      charges: made.charges,
      payments: made.payments,
    };
    console.info(row);
    printStatements('members', made.payments);
  } finally {
    await closing(() => journey.close());
    await closing(() => database.close());
  }
  return row;
}

async function main() {
  const which = new Set(option('scenarios', 'first-start,demo,members').split(','));
  const count = Number(option('members', '10000'));
  const days = Number(option('days', '365'));
  const demoDays = Number(option('demo-days', '14'));
  const rows: Row[] = [];
  if (which.has('first-start') || which.has('demo')) rows.push(...(await demo(which, demoDays)));
  if (which.has('members')) rows.push(await members(count, days));

  const when = new Intl.DateTimeFormat('en-NZ', {
    timeZone: 'Pacific/Auckland',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date());
  const args = process.argv.slice(2).join(' ');
  appendFileSync(
    new URL('./RESULTS.md', import.meta.url),
    `
## Clock travel: ${when} (Pacific/Auckland)

\`npm run bench:clock${args ? ` -- ${args}` : ''}\`: the demo's first start (its history on a fresh
embedded database on disk) and its clock travelled on, and N members travelled on a PostgreSQL server,
day by day through the same \`travel\` as POST /api/dev/clock, simulators in this process; ${cpus().length} cores,
load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} at the end.

| scenario | memberships | days | seconds | simulated days/s | CPU seconds (this process) | charges | payments |
|---|---|---|---|---|---|---|---|
${rows
  .map(
    (r) =>
      `| ${r.scenario} | ${r.members.toLocaleString('en-NZ')} | ${r.days} | ${r.seconds.toFixed(1)} | ${(r.days / r.seconds).toFixed(2)} | ${r.cpu.toFixed(1)} | ${r.charges.toLocaleString('en-NZ')} | ${r.payments.toLocaleString('en-NZ')} |`,
  )
  .join('\n')}
`,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
