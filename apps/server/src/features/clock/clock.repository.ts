// The development clock's rows: where it was moved to (dev_clock), and the sessions that travel with it.
import { sql } from 'drizzle-orm';
import { type Executor, isProcessPrivate, queryRows } from '../../db/client';

type StoredClock = { app_time_at: Date | string; set_at: Date | string };

/**
 * The stored clock of a database only this process can change, as this process last wrote or read it:
 * every webhook follows the stored clock (followSharedClock), and where no other process can move it the
 * row need not be read again each time.
 */
const mirrored = new WeakMap<Executor, StoredClock>();

/** Signed-in people stay signed in across the journey: their sessions move on by `ms`. */
export async function carrySessions(db: Executor, ms: number) {
  await db.execute(
    sql`update sessions set expires_at = expires_at + ${ms} * interval '1 millisecond',
          last_seen_at = last_seen_at + ${ms} * interval '1 millisecond'
        where revoked_at is null`,
  );
}

/** Stores where the clock stands now (one row). */
export async function saveClock(db: Executor, appTime: Date) {
  const [row] = await queryRows<StoredClock>(
    db,
    sql`insert into dev_clock (id, app_time_at, set_at) values (1, ${appTime.toISOString()}, now())
        on conflict (id) do update set app_time_at = excluded.app_time_at, set_at = excluded.set_at
        returning app_time_at, set_at`,
  );
  if (row && isProcessPrivate(db)) mirrored.set(db, row);
}

/** Where the clock was moved to, and when. */
export async function savedClock(db: Executor): Promise<StoredClock | undefined> {
  const known = mirrored.get(db);
  if (known) return known;
  const [row] = await queryRows<StoredClock>(db, sql`select app_time_at, set_at from dev_clock where id = 1`);
  if (row && isProcessPrivate(db)) mirrored.set(db, row);
  return row;
}
