// The figures every process shares, read from the database when metrics are scraped.
import { addDays, startOfDayInstant, todayInAuckland } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import {
  billingLag,
  billingLastRunCharges,
  billingLastRunDuration,
  dbPool,
  mailOutboxDepth,
  webhookBacklog,
} from './registry';

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The node-postgres pool under a Drizzle database (absent for PGlite, which has no pool). */
function poolOf(db: Db): PoolLike | null {
  const client = (db as unknown as { $client?: Partial<PoolLike> }).$client;
  return client && typeof client.totalCount === 'number' ? (client as PoolLike) : null;
}

export function readPool(name: string, db: Db) {
  const pool = poolOf(db);
  if (!pool) return;
  dbPool.set({ pool: name, state: 'total' }, pool.totalCount);
  dbPool.set({ pool: name, state: 'idle' }, pool.idleCount);
  dbPool.set({ pool: name, state: 'waiting' }, pool.waitingCount);
}

export async function readSharedFigures(db: Db, now: Date) {
  const [run] = await queryRows<{
    day: string | null;
    seconds: number | null;
    made: number | null;
    failed: number | null;
  }>(
    db,
    sql`with last as (select day, started_at, finished_at, summary from billing_runs
                      where finished_at is not null order by day desc limit 1)
        select last.day::text as day,
               extract(epoch from last.finished_at - last.started_at)::float8 as seconds,
               coalesce((last.summary->>'charges')::int, 0) as made,
               (select count(*)::int from charges c
                 where c.due_date = last.day and c.status = 'unpaid' and c.first_failed_at is not null) as failed
        from last`,
  );
  const today = todayInAuckland(now);
  if (run?.day) {
    billingLastRunCharges.set({ outcome: 'made' }, run.made ?? 0);
    billingLastRunCharges.set({ outcome: 'failed' }, run.failed ?? 0);
    billingLastRunDuration.set(run.seconds ?? 0);
    const firstUnbilled = addDays(run.day as never, 1);
    billingLag.set(
      firstUnbilled > today
        ? 0
        : Math.max(0, (now.getTime() - startOfDayInstant(firstUnbilled).getTime()) / 1000),
    );
  } else {
    billingLag.set(Math.max(0, (now.getTime() - startOfDayInstant(today).getTime()) / 1000));
  }
  const [mail] = await queryRows<{ queued: number }>(
    db,
    sql`select count(*)::int as queued from outbound_emails where status = 'queued'`,
  );
  mailOutboxDepth.set(mail?.queued ?? 0);
  const backlog = await queryRows<{ provider: string; waiting: number }>(
    db,
    sql`select p.provider, count(w.id)::int as waiting
        from (values ('akahu'), ('stripe'), ('kisi')) as p(provider)
        left join webhook_calls w on w.provider = p.provider and w.status = 'received'
        group by p.provider`,
  );
  for (const row of backlog) webhookBacklog.set({ provider: row.provider }, row.waiting);
}
