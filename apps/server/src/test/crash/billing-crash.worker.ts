// The crash test's worker process (billing-crash.test-support.ts starts it, again and again): the daily billing
// run of one day, against the driver's database and simulators, under the failpoints GYM_FAILPOINTS
// names. It prints `ready` when it is about to run and, when the day is done, the day's summary as one
// JSON line, then exits 0; or it dies of a SIGKILL somewhere in between (a failpoint's or the driver's).
//
// Environment: DATABASE_URL, DATABASE_POOL_SIZE, ENCRYPTION_KEY, the simulators' settings (AKAHU_API_URL,
// …), APP_NOW (where the application clock starts) and CRASH_DAY (the business day to run).
import type { CalendarDate } from '@gym/domain/calendar-date';
import { createProviders } from '../../adapters/providers';
import { offsetClock } from '../../clock';
import { readEnv } from '../../config/env';
import { openDatabase } from '../../db/client';
import { secretBox } from '../../db/secrets';
import { runBillingDay } from '../../features/billing';
import type { Mailer } from '../../mail/mailer';

/** The run's mail is queued in the outbox as usual; sending it goes nowhere. */
const dropMail: Mailer = { send: async () => {}, close: () => {} };

async function main() {
  const env = readEnv();
  const day = process.env.CRASH_DAY as CalendarDate | undefined;
  if (!env.DATABASE_URL || !env.ENCRYPTION_KEY || !env.APP_NOW || !day) {
    throw new Error('the crash worker needs DATABASE_URL, ENCRYPTION_KEY, APP_NOW and CRASH_DAY');
  }
  const clock = offsetClock(new Date(env.APP_NOW));
  const database = await openDatabase({
    kind: 'postgres',
    url: env.DATABASE_URL,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  const deps = {
    db: database.db,
    secrets: secretBox(env.ENCRYPTION_KEY),
    providers: createProviders(env, clock),
    clock,
    env,
    mailer: dropMail,
  };
  process.stdout.write('ready\n');
  const summary = await runBillingDay(deps, day);
  await database.close();
  process.stdout.write(`${JSON.stringify(summary)}\n`, () => process.exit(0));
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
