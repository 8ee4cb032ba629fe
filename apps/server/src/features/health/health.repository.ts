// Readiness's one question to the database.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** Whether the database answers a trivial query (a failure rejects). */
export async function databaseAnswers(db: Executor): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}
