// `npm run bench:data -- --members 100000`: (re)creates the bench database and fills one large
// organisation (members, subscriptions, two years of charges and payments, visits) with set-based SQL.
// Re-running drops and recreates the database. DATABASE_URL chooses it (default: local gym_bench).

import { todayInAuckland as aucklandDate } from '@gym/domain/calendar-date';
import pg from 'pg';
import {
  emailPart,
  FIRST_NAMES,
  LAST_NAMES,
  migrate,
  openDatabase,
  SUBURBS,
} from '../apps/server/src/public';
import { BENCH_ADMIN, BENCH_DATABASE_URL, option } from './bench-config';
import { catalogue, checkReferences, dropIndexes, recreateDatabase } from './bench-database';
import * as history from './billing-sql';
import * as q from './data-sql';

async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`  ${name.padEnd(22, '.')} ${seconds.padStart(7)} s\n`);
  return result;
}

async function main() {
  const members = Number(option('members', '100000'));
  if (!Number.isInteger(members) || members < 1 || members > 2_000_000)
    throw new Error('--members must be 1 … 2000000');
  const url = BENCH_DATABASE_URL;
  const today = aucklandDate(process.env.APP_NOW ? new Date(process.env.APP_NOW) : new Date());
  const started = performance.now();
  process.stdout.write(
    `Bench data: ${members.toLocaleString('en-NZ')} members into ${url.replace(/\/\/[^@]*@/, '//')}\n`,
  );

  await step('database', async () => {
    await recreateDatabase(url);
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
    await migrate(database);
    await database.close();
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const run = async (statement: q.Statement, args: q.BenchArgs) => {
    const result = await client.query(
      statement.sql,
      statement.args.map((name) => args[name]),
    );
    return result.rowCount ?? 0;
  };
  try {
    await client.query(
      `set synchronous_commit = off; set work_mem = '256MB'; set maintenance_work_mem = '512MB'`,
    );
    const { org, gyms } = await step('organisation', () => catalogue(client));
    const suburbs = Object.values(SUBURBS).flat();
    const args: q.BenchArgs = {
      org,
      today,
      members,
      gyms,
      firstNames: FIRST_NAMES,
      lastNames: LAST_NAMES,
      firstEmails: FIRST_NAMES.map(emailPart),
      lastEmails: LAST_NAMES.map(emailPart),
      suburbs: suburbs.map((s) => s.name),
      cities: suburbs.map((s) => s.city),
    };
    await step('member facts', async () => {
      for (const s of [...q.HELPERS, q.MEMBERS_TABLE, q.MEMBER_FACTS, ...q.MEMBER_PERIODS])
        await run(s, args);
    });
    // Bulk load: indexes are built once afterwards (unique ones then check the whole table), and the
    // per-row foreign-key triggers give way to one set-based check at the end.
    const indexes = await dropIndexes(client, ['charges', 'payments', 'visits', 'member_search_terms']);
    const triggersOff = await client.query('set session_replication_role = replica').then(
      () => true,
      () => false,
    );
    await step('users', () => run(q.USERS, args));
    await client.query('create index on m (user_id); analyze m');
    await step('payment methods', async () => {
      for (const s of q.PAYMENT_METHODS) await run(s, args);
    });
    await step('subscriptions', () => run(q.SUBSCRIPTIONS, args));
    await client.query('create index on m (subscription_id); analyze m');
    await step('charges', () => run(history.CHARGES, args));
    await step('payments', async () => {
      for (const s of history.PAYMENTS) await run(s, args);
    });
    await step('visits', () => run(history.VISITS, args));
    if (triggersOff) {
      await client.query('set session_replication_role = origin');
      await step('foreign keys checked', () => checkReferences(client));
      // The members list's latest subscription and last visit (migration 0009's function), first: the
      // search terms' whole-name rows read the latest subscription's state inputs as they are written
      // (migration 0036's trigger), so none is written twice.
      await step('member list facts', () => client.query('select organisation_members_rebuild_list_facts()'));
      // The load skipped the triggers that keep the search's prefix index (migration 0007): built in one pass.
      await step('search terms', () => run(q.SEARCH_TERMS, args));
      // And the per-gym member counts kept from those rows (migration 0009's function).
      await step('member counts', () => client.query('select member_counts_rebuild()'));
      // And its next-payment and balance sort keys, read from that latest subscription (migration 0033's
      // function; the triggers are back on here, so the step above already set most of them).
      await step('member sort keys', () => client.query('select organisation_members_rebuild_sort_keys()'));
      // And the whole-name rows' state inputs and balance owing (migration 0036's function; the insert's
      // trigger set them, so this finds nothing to change unless the load's order changes).
      const states = await step('member states', () =>
        client.query<{ changed: number }>('select member_search_terms_rebuild_states() as changed'),
      );
      if (states.rows[0]?.changed) process.stdout.write(`  (${states.rows[0].changed} state rows rebuilt)\n`);
      // And the payments' and visits' daily totals the lists add up (migration 0010's function).
      await step('daily totals', () => client.query('select day_totals_rebuild()'));
    }
    await step('indexes', async () => {
      for (const definition of indexes) await client.query(definition);
    });
    // The planner's statistics before the summaries' rebuilds: on tables just bulk-loaded it has none, and
    // it then planned member_revenue_rebuild's batches as if each table were tiny (a batch of 2,000 members:
    // 190 s without statistics, 97 ms with; the whole step 854 s at 100,000 members against seconds).
    await step('analyze', () => client.query('analyze'));
    if (triggersOff) {
      // After the indexes: these look each charge's payments up by charge (payments_charge_attempt), which
      // without its index is a scan of every payment per charge (the report summaries ran 45 minutes
      // without finishing at 100,000 members, against seconds with it).
      // The dashboard's summaries, past days' counts included (migration 0022's function).
      await step('dashboard summaries', () => client.query('select dashboard_summaries_rebuild()'));
      // The owner's reports' summaries (migration 0027's function).
      await step('report summaries', () => client.query('select report_summaries_rebuild()'));
      // Recurring revenue's and churn's (migration 0029's function).
      await step('revenue summaries', () => client.query('select member_revenue_rebuild()'));
      // The at-risk report's visit days per member and week (migration 0032's function).
      await step('visit weeks', () => client.query('select member_visit_weeks_rebuild()'));
      // The forecast's count of memberships per plan key (migration 0035's function).
      await step('forecast plan counts', () => client.query('select subscription_plan_counts_rebuild()'));
      // The at-risk report's kept lists (migration 0034): the load wrote no changes, so none is kept.
      await step('at-risk lists', () => client.query('select at_risk_lists_forget()'));
    }
    await step('vacuum analyze', () => client.query('vacuum analyze'));
    const { rows } = await client.query(`select
      (select count(*) from organisation_members)::int as members, (select count(*) from subscriptions)::int as subscriptions,
      (select count(*) from charges)::int as charges, (select count(*) from payments)::int as payments,
      (select count(*) from visits)::int as visits, pg_size_pretty(pg_database_size(current_database())) as size`);
    const total = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Done in ${total} s: ${JSON.stringify(rows[0])}\nSign in as ${BENCH_ADMIN.email} / ${BENCH_ADMIN.password}\n`,
    );
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
