// `npm run db:seed [-- --force]`: the demo data on the configured database (DATA_DIR or DATABASE_URL),
// its history made by the billing engine against simulators of its own. APP_NOW sets "today".
import { startHistorySimulators } from '@gym/sandbox';
import {
  encryptionKey,
  isDatabaseEmpty,
  offsetClock,
  openMigratedDatabase,
  readEnv,
  secretBox,
  seedDemo,
  systemClock,
} from '../apps/server/src/public';

const env = readEnv();
const database = await openMigratedDatabase(env);
try {
  if (!(await isDatabaseEmpty(database.db)) && !process.argv.includes('--force')) {
    process.stdout.write(
      'The database already has data; not seeding over it. Use a fresh DATA_DIR or database.\n',
    );
  } else {
    const clock = env.APP_NOW ? offsetClock(new Date(env.APP_NOW)) : systemClock;
    const started = Date.now();
    const result = await seedDemo(database.db, {
      now: clock.now(),
      secrets: secretBox(encryptionKey(env)),
      simulators: startHistorySimulators,
      onDay: (day, done, of) => {
        if (done % 7 === 0) process.stdout.write(`  ${day} (${done} of ${of} days)\n`);
      },
    });
    process.stdout.write(
      `Demo data created in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(result)}\n`,
    );
  }
} finally {
  await database.close();
}
