// Times the owner's reports (issue 29) against a bench database: each report's service called as the
// route calls it, for the whole organisation, and every statement it runs explained with EXPLAIN ANALYZE
// (the database's own execution time). Run against a copy of the bench database, never the bench itself:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/gym_bench_reports npx tsx bench/report-explain.ts [runs]
import { todayInAuckland } from '@gym/domain/calendar-date';
import { type SQL, sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/public';
import * as reports from '../apps/server/src/public-testing';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL names the copy of the bench database to read.');
const runs = Number(process.argv[2] ?? 5);
const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
const db = database.db;
const [org] = await queryRows<{ id: number }>(db, sql`select min(id)::int as id from organisations`);
const scope = { organisationId: org!.id, gymIds: null };
const clock = { now: () => new Date() };
const today = todayInAuckland(clock.now());
const period = reports.monthPeriod({}, today);

/** The database's execution time of each statement a report runs, summed. */
async function explained(run: (db: typeof database.db) => Promise<unknown>) {
  const statements: SQL[] = [];
  const recording = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver);
      return (query: SQL) => {
        statements.push(query);
        return target.execute(query);
      };
    },
  });
  await run(recording);
  let total = 0;
  for (const query of statements) {
    const [row] = await queryRows<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
      db,
      sql`explain (analyze, format json) ${query}`,
    );
    total += row!['QUERY PLAN'][0]['Execution Time'];
  }
  return { statements: statements.length, ms: total };
}

const cases: [string, (db: typeof database.db) => Promise<unknown>][] = [
  ['recurring-revenue', (d) => reports.recurringRevenue(d, scope, period, today)],
  ['churn', (d) => reports.churn(d, scope, period)],
  ['collections', (d) => reports.collections(d, scope, period)],
  ['debtors', (d) => reports.debtors(d, scope, { page: 1, per_page: 25 }, today)],
  ['forecast', (d) => reports.forecast({ db: d, clock }, d, scope, 30)],
];
const only = process.env.REPORTS?.split(',');
for (const [name, run] of cases) {
  if (only && !only.includes(name)) continue;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run(db);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const explain = await explained(run);
  console.log(
    `${name}: service p50 ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms` +
      ` (${runs} runs); EXPLAIN ANALYZE ${explain.statements} statements ${explain.ms.toFixed(1)} ms`,
  );
}
await database.close();
