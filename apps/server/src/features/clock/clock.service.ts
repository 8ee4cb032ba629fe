// Moving the application clock (sandbox and tests only). Travelling runs, in order, everything that
// would have run in between: for each business day passed, the simulators first do what fell due
// (bank payments answer, webhooks arrive), then that day's billing run, shortly after midnight in
// Auckland, and the weekly digest when a Monday morning is passed. The position is stored, so a restart
// keeps the date the billing reached.
import { addDays, startOfDayInstant, todayInAuckland } from '@gym/domain/calendar-date';
import { digestTimesBetween } from '@gym/domain/weekly-digest';
import type { AppDeps } from '../../app-deps';
import { canTravel } from '../../clock';
import { devToolsEnabled } from '../../config/env';
import { type Db, retryDeadlock } from '../../db/client';
import { sendQueuedMail } from '../../mail/outbox';
import { catchUp, type DaySummary, drainMembershipOutbox, runBillingDay } from '../billing';
import { queueDueDigests } from '../weekly-digest';
import { carrySessions, saveClock, savedClock } from './clock.repository';

/** How long after Auckland midnight the daily run happens. */
const RUN_AFTER_MIDNIGHT_MS = 5 * 60_000;
/** How long after the run the journey waits for the providers' answers on each day. */
const ANSWER_WITHIN_MS = 60 * 60_000;

type EngineDeps = Pick<AppDeps, 'db' | 'secrets' | 'providers' | 'clock' | 'onClockMoved' | 'env' | 'mailer'>;

// One billing journey at a time per database in this process (other processes are kept apart by the
// run's row locks and natural keys).
const running = new WeakMap<Db, Promise<unknown>>();

export function exclusive<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const before = running.get(db) ?? Promise.resolve();
  const next = before.then(work, work);
  running.set(
    db,
    next.catch(() => undefined),
  );
  return next;
}

export function clockCanTravel(deps: Pick<AppDeps, 'clock' | 'env'>): boolean {
  return devToolsEnabled(deps.env) && canTravel(deps.clock);
}

export function clockReading(deps: Pick<AppDeps, 'clock' | 'env'>) {
  const now = deps.clock.now();
  return { now: now.toISOString(), today: todayInAuckland(now), can_travel: clockCanTravel(deps) };
}

/**
 * Runs the billing days the clock has passed that have not run yet (the server's minute tick), queues
 * the weekly digest once Monday morning has come, then sends the mail queued since (receipts of bank
 * payments answered by webhook after the run).
 */
export function runDueBilling(deps: EngineDeps): Promise<DaySummary[]> {
  return exclusive(deps.db, async () => {
    const days = await catchUp(deps);
    // Whatever a transition's own drain left (a crash, Kisi down), then the mail queued since (receipts
    // of bank payments answered by webhook after the run).
    await drainMembershipOutbox(deps);
    await queueDueDigests(deps);
    await sendQueuedMail(deps);
    return days;
  });
}

/** Moves the clock forward to `target`, running each day on the way; answers the days run. */
export function travel(deps: EngineDeps, target: Date): Promise<DaySummary[]> {
  const clock = deps.clock;
  if (!canTravel(clock)) throw new Error('This clock cannot travel');
  return exclusive(deps.db, async () => {
    const from = clock.now();
    // Each step is stored before the simulators act on it (their webhooks reach whichever server the
    // balancer picks, which follows the stored clock before it handles one), so no process answers a
    // bank's or Kisi's call on the day before: a door check it booked for that day would be done with
    // the membership not yet started, and never again.
    const moved = async () => {
      await saveClock(deps.db, clock.now());
      await deps.onClockMoved?.();
    };
    const summaries = await catchUp(deps);
    const targetDay = todayInAuckland(target);
    for (let day = addDays(todayInAuckland(clock.now()), 1); day <= targetDay; day = addDays(day, 1)) {
      const runAt = new Date(startOfDayInstant(day).getTime() + RUN_AFTER_MIDNIGHT_MS);
      clock.set(runAt < target ? runAt : target);
      await moved();
      // A day's run is safe to run again (the worker does after a crash): one whose transaction lost a
      // deadlock to another process's (a worker catching up the same day) runs again.
      summaries.push(await retryDeadlock(() => runBillingDay(deps, day)));
      // An hour on, the providers have answered what the run asked of them (bank payments take seconds).
      const answered = new Date(runAt.getTime() + ANSWER_WITHIN_MS);
      clock.set(answered < target ? answered : target);
      await moved();
      // Monday morning: the weekly digest, with the week as it stood then.
      const dayEnds = startOfDayInstant(addDays(day, 1));
      for (const at of digestTimesBetween(clock.now(), dayEnds < target ? dayEnds : target)) {
        clock.set(at);
        await moved();
        await queueDueDigests(deps);
      }
    }
    if (target > clock.now()) clock.set(target);
    await moved(); // stores where the clock ends
    // What the minute tick would have done on the way: the last day's answers' door checks and mail.
    await drainMembershipOutbox(deps);
    await queueDueDigests(deps);
    await sendQueuedMail(deps);
    await carrySessions(deps.db, clock.now().getTime() - from.getTime());
    return summaries;
  });
}

/**
 * Another process sharing the database (a second web server, a worker) moved the clock: this one moves
 * on to where it was moved to, never back. Each process keeps its own clock, so a moved clock reaches the
 * others through the stored position: they follow it before a move of their own, at each scheduled pass,
 * and every few seconds (server.ts), so that no one bills, or travels from, a day the others have left.
 */
export const followSharedClock = (deps: Pick<AppDeps, 'db' | 'clock' | 'env'>) => restoreClock(deps);

/** At start-up (sandbox): the clock goes back to where it was moved to, and runs on from there. */
export async function restoreClock(deps: Pick<AppDeps, 'db' | 'clock' | 'env'>): Promise<Date | null> {
  if (!clockCanTravel(deps) || !canTravel(deps.clock)) return null;
  const row = await savedClock(deps.db);
  if (!row) return null;
  const resumed = new Date(
    new Date(row.app_time_at).getTime() + (Date.now() - new Date(row.set_at).getTime()),
  );
  if (resumed <= deps.clock.now()) return null;
  deps.clock.set(resumed);
  return resumed;
}
