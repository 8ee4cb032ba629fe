// Opens what the server runs on (encryption key, database) the same way for the server, the CLI and
// the benchmarks.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, type Env } from './config/env';
import { type Database, openDatabase } from './db/client';
import { migrate } from './db/migrate';

/** The encryption key: from ENCRYPTION_KEY, or (outside production) one generated once and kept in DATA_DIR. */
export function encryptionKey(env: Env): string {
  if (env.ENCRYPTION_KEY) return env.ENCRYPTION_KEY;
  if (env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  ENCRYPTION_KEY: required in production (openssl rand -base64 32)',
    );
  }
  const file = join(resolve(env.DATA_DIR), 'encryption.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(resolve(env.DATA_DIR), { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

export async function openMigratedDatabase(env: Env): Promise<Database> {
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: join(resolve(env.DATA_DIR), 'pglite') },
  );
  await migrate(database);
  return database;
}
