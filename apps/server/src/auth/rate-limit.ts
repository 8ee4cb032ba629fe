// Brute-force limits kept in the database (fixed windows), so every server process shares them.
import { and, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateLimits } from '../db/schema/index';
import { AppError } from '../http/app-error';

export interface Limit {
  /** What is counted, e.g. `login:account:ana@example.co.nz`. */
  key: string;
  max: number;
  windowSeconds: number;
}

function windowStart(now: Date, windowSeconds: number) {
  const ms = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/** Counts one attempt against each limit; throws 429 when any is over. */
export async function hit(db: Executor, now: Date, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const start = windowStart(now, limit.windowSeconds);
    const [row] = await db
      .insert(rateLimits)
      .values({ key: limit.key, windowStart: start, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ count: rateLimits.count });
    if ((row?.count ?? 0) > limit.max) throw tooMany(start, limit.windowSeconds, now);
  }
}

/** Throws 429 if a limit is already used up, without counting. */
export async function check(db: Executor, now: Date, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const start = windowStart(now, limit.windowSeconds);
    const rows = await db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(and(sql`${rateLimits.key} = ${limit.key}`, sql`${rateLimits.windowStart} = ${start}`));
    if ((rows[0]?.count ?? 0) >= limit.max) throw tooMany(start, limit.windowSeconds, now);
  }
}

export async function clear(db: Executor, keys: string[]): Promise<void> {
  for (const key of keys) await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

export async function pruneRateLimits(db: Executor, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 86_400_000)));
}

function tooMany(start: Date, windowSeconds: number, now: Date) {
  const retryAfter = Math.max(1, Math.ceil((start.getTime() + windowSeconds * 1000 - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfter / 60);
  return new AppError('rate_limited', {
    message: `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    headers: { 'retry-after': String(retryAfter) },
  });
}
