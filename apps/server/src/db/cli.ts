// `npm run db:migrate` and `npm run db:seed`.
import { offsetClock, systemClock } from '../clock';
import { ConfigError, readEnv } from '../config/env';
import { encryptionKey, openMigratedDatabase } from '../runtime';
import { secretBox } from './secrets';
import { isDatabaseEmpty, seedDemo } from './seed/seed-demo';

async function run(command: string | undefined) {
  const env = readEnv();
  const database = await openMigratedDatabase(env);
  try {
    if (command === 'migrate') {
      process.stdout.write(`Migrations applied (${database.kind}).\n`);
    } else if (command === 'seed') {
      if (!(await isDatabaseEmpty(database.db)) && !process.argv.includes('--force')) {
        process.stdout.write(
          'The database already has data; not seeding over it. Use a fresh DATA_DIR or database.\n',
        );
        return;
      }
      const clock = env.APP_NOW ? offsetClock(new Date(env.APP_NOW)) : systemClock;
      const result = await seedDemo(database.db, {
        now: clock.now(),
        secrets: secretBox(encryptionKey(env)),
      });
      process.stdout.write(`Demo data created: ${JSON.stringify(result)}\n`);
    } else {
      process.stderr.write('Usage: cli.ts migrate|seed\n');
      process.exitCode = 2;
    }
  } finally {
    await database.close();
  }
}

run(process.argv[2]).catch((error) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : (error?.stack ?? error)}\n`);
  process.exit(1);
});
