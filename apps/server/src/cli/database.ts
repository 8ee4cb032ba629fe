// `npm run db:migrate`, `db:backup -- <file>` and `db:restore -- <file>` (`db:seed` is scripts/seed.ts).
import { join, resolve } from 'node:path';
import { ConfigError, readEnv } from '../config/env';
import { type BackupTarget, backupDatabase, restoreDatabase } from '../db/backup';
import { openMigratedDatabase } from '../runtime';

function backupTarget(env: ReturnType<typeof readEnv>): BackupTarget {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: join(resolve(env.DATA_DIR), 'pglite') };
}

async function backupOrRestore(command: 'backup' | 'restore') {
  const env = readEnv();
  const target = backupTarget(env);
  const file = process.argv[3];
  if (!file) {
    process.stderr.write(`Usage: npm run db:${command} -- <file>\n`);
    process.exitCode = 2;
    return;
  }
  if (command === 'backup') {
    const { bytes } = await backupDatabase(target, file);
    process.stdout.write(
      `Backed up the ${target.kind === 'pglite' ? 'embedded' : 'server'} database to ${file} (${bytes} bytes).\n` +
        'Keep ENCRYPTION_KEY (or DATA_DIR/encryption.key) safe and apart from it: the gyms\u2019 secrets need it.\n',
    );
  } else {
    const { movedAside } = await restoreDatabase(target, file);
    process.stdout.write(
      `Restored ${file}.${movedAside ? ` The database that was there is kept at ${movedAside}.` : ''}\n`,
    );
  }
}

async function run(command: string | undefined) {
  if (command === 'backup' || command === 'restore') return backupOrRestore(command);
  const env = readEnv();
  const database = await openMigratedDatabase(env);
  try {
    if (command === 'migrate') {
      process.stdout.write(`Migrations applied (${database.kind}).\n`);
    } else {
      process.stderr.write(
        'Usage: database.ts migrate|backup <file>|restore <file> (the demo seed: npm run db:seed)\n',
      );
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
