// Applies the versioned migrations in db/migrations, once, under an advisory lock so that
// several server processes starting together do not race.
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './client';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
const LOCK_ID = 4_242_001;

export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the PGlite driver's own database type
    await migratePglite(database.db as any, config);
    // Trigger functions plan once a session in the embedded database (migration 0043); a migration that
    // replaced one dropped its setting, so it is given again after every run.
    await database.db.execute(sql`select embedded_trigger_plans_once()`);
    return;
  }
  // The lock belongs to a connection, so lock, migrate and unlock on one dedicated client.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [LOCK_ID]);
    await migratePg(drizzle({ client, casing: 'snake_case' }), config);
  } finally {
    await client.end();
  }
}
