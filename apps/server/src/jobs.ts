// The server's scheduled work, on the application clock: each minute, the billing days the clock has
// passed that have not run yet (so the daily run happens within a minute of 00:00 in Auckland, and a
// server that was down catches up) and the mail queued since, and once a day the housekeeping of old
// webhook calls and rate-limit windows (and, on the embedded database, its statistics). `npm start` runs it
// in the server process; `npm run worker` runs it alone, as many times over as you like against one
// PostgreSQL server (the run's row locks and natural keys keep them apart).
import { todayInAuckland } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AppDeps } from './app-deps';
import { pruneRateLimits } from './auth/rate-limit';
import { keepEveryOrganisationsAtRiskLists } from './features/at-risk';
import { followSharedClock, runDueBilling } from './features/clock';
import { runBulkPriceChanges } from './features/subscriptions';
import { pruneWebhookCalls } from './features/webhooks/webhook-calls.repository';

const TICK_MS = 60_000;

export function startScheduledWork(
  deps: Pick<AppDeps, 'db' | 'secrets' | 'providers' | 'clock' | 'env' | 'mailer' | 'onClockMoved'>,
  log: Pick<Logger, 'info' | 'error'>,
  tickMs = deps.env.BILLING_TICK_SECONDS === undefined ? TICK_MS : deps.env.BILLING_TICK_SECONDS * 1000,
) {
  let housekeptOn: string | null = null;
  let busy: Promise<void> | null = null;
  const tick = async () => {
    try {
      // Sandbox: another process may have moved the shared clock since the last pass.
      await followSharedClock(deps);
    } catch (error) {
      log.error({ err: error }, 'could not read the shared clock');
    }
    const now = deps.clock.now();
    try {
      const days = await runDueBilling(deps);
      for (const day of days) log.info({ billing_run: day }, 'billing run finished');
    } catch (error) {
      log.error({ err: error }, 'billing run failed; the next tick runs the day again');
    }
    try {
      // Bulk price changes a stopped server left part-way (each is started at once by the request).
      const resumed = await runBulkPriceChanges(deps);
      if (resumed > 0) log.info({ resumed }, 'bulk price changes run');
    } catch (error) {
      log.error({ err: error }, 'bulk price change failed; the next tick tries again');
    }
    const today = todayInAuckland(now);
    if (housekeptOn === today) return;
    try {
      const pruned = await pruneWebhookCalls(deps.db, now, deps.env.WEBHOOK_CALL_RETENTION_DAYS);
      await pruneRateLimits(deps.db, now);
      housekeptOn = today;
      if (pruned > 0) log.info({ pruned }, 'old webhook calls pruned');
    } catch (error) {
      log.error({ err: error }, 'housekeeping failed');
    }
    try {
      // The embedded database (no DATABASE_URL) has no autovacuum: without this its planner's statistics
      // stay as the seed left them while the history grows (the demo's Monday at-risk lists took seconds
      // a statement before the seed analyzed, decision 008's third-pass addendum).
      if (deps.env.DATABASE_URL === undefined) await deps.db.execute(sql`vacuum analyze`);
    } catch (error) {
      log.error({ err: error }, 'analyzing the embedded database failed');
    }
    try {
      // The at-risk report's lists of the day (decision 019's addendum): written here, not by the first read.
      const kept = await keepEveryOrganisationsAtRiskLists(deps.db, today);
      log.info({ organisations: kept }, 'at-risk lists kept');
    } catch (error) {
      log.error({ err: error }, 'keeping the at-risk lists failed; the first read keeps them');
    }
  };
  const run = () => {
    busy ??= tick().finally(() => {
      busy = null;
    });
    return busy;
  };
  void run();
  const timer = setInterval(() => void run(), tickMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await busy;
    },
  };
}
