// Whether the database holds every migration this code was built with: a server whose database is behind
// (another deployment's migration still to come) is alive but not ready to serve.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from './client';
import { MIGRATIONS_FOLDER } from './migrate';

interface Journal {
  entries: Array<{ when: number; tag: string }>;
}

let expected: number | undefined;

/** The newest migration's time in this code's journal (drizzle records it as created_at). */
function newestMigration(): number {
  if (expected === undefined) {
    const journal = JSON.parse(
      readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as Journal;
    expected = Math.max(...journal.entries.map((e) => e.when));
  }
  return expected;
}

/** True when the database has applied this code's newest migration. */
export async function migrationsCurrent(db: Executor): Promise<boolean> {
  const [row] = await queryRows<{ newest: string | number | null }>(
    db,
    sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
  );
  return row?.newest != null && Number(row.newest) >= newestMigration();
}
