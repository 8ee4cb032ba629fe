// Payment attempts for one demo charge: mostly one success; some soft failures recovered by a retry
// (1, 3 and 5 days after the first failure, BILLING.md); bank payments still settling are pending.
import { addDays, aucklandInstant, daysBetween, type IsoDate } from './calendar';
import type { Random } from './random';

export type AttemptStatus = 'sent' | 'failed' | 'pending_request' | 'upcoming' | 'refunded';

export interface AttemptPlan {
  status: AttemptStatus;
  at: Date;
  settledAt: Date;
  attempt: number;
  isRetry: boolean;
  errorStatus: string | null;
  errorDescription: string | null;
  pollCount: number;
}

export interface AttemptContext {
  random: Random;
  today: IsoDate;
  now: Date;
  paysBy: 'bank_account' | 'stripe_card';
}

const RETRY_DAYS = [1, 3, 5];

export function notAfter(at: Date, now: Date): Date {
  return at.getTime() <= now.getTime() ? at : new Date(now.getTime() - 30 * 60_000);
}

function failure(ctx: AttemptContext): [string, string] {
  if (ctx.paysBy === 'stripe_card') return ['insufficient_funds', 'Your card has insufficient funds.'];
  return ctx.random.chance(0.85)
    ? ['INSUFFICIENT_FUNDS', 'Insufficient funds']
    : ['BANK_ERROR', 'The bank could not process the payment. Try again later.'];
}

function attempt(
  ctx: AttemptContext,
  date: IsoDate,
  n: number,
  status: AttemptStatus,
  firstAt?: Date,
): AttemptPlan {
  const at = notAfter(
    firstAt ?? aucklandInstant(date, 0, ctx.random.int(5, 50), ctx.random.int(0, 59)),
    ctx.now,
  );
  const bank = ctx.paysBy === 'bank_account';
  const settle = bank && status !== 'pending_request' ? 26 * 3600_000 : 4_000;
  const [errorStatus, errorDescription] = status === 'failed' ? failure(ctx) : [null, null];
  return {
    status,
    at,
    settledAt: notAfter(new Date(at.getTime() + settle), ctx.now),
    attempt: n,
    isRetry: n > 1,
    errorStatus,
    errorDescription,
    pollCount: bank && status !== 'upcoming' ? ctx.random.int(0, 2) : 0,
  };
}

/**
 * The attempts at a charge due on `due` (on or before today). `failing` charges (a member in grace) fail
 * every attempt made so far; `stopBefore` ends the retries (the subscription was cancelled).
 */
export function chargeAttempts(
  ctx: AttemptContext,
  due: IsoDate,
  options: { failing: boolean; firstAt?: Date; stopBefore?: IsoDate },
): AttemptPlan[] {
  const bank = ctx.paysBy === 'bank_account';
  const inFlight = (date: IsoDate) => bank && daysBetween(date, ctx.today) <= 1;
  if (options.failing) {
    const attempts = [
      attempt(
        ctx,
        due,
        1,
        inFlight(due) && due === ctx.today ? 'pending_request' : 'failed',
        options.firstAt,
      ),
    ];
    for (const [i, days] of RETRY_DAYS.entries()) {
      const date = addDays(due, days);
      if (date > ctx.today || (options.stopBefore && date >= options.stopBefore)) break;
      if (attempts.at(-1)!.status !== 'failed') break;
      attempts.push(attempt(ctx, date, i + 2, date === ctx.today && bank ? 'pending_request' : 'failed'));
    }
    return attempts;
  }
  if (inFlight(due)) return [attempt(ctx, due, 1, 'pending_request', options.firstAt)];
  if (daysBetween(due, ctx.today) >= 4 && ctx.random.chance(0.03)) {
    const twice = ctx.random.chance(0.25);
    return [
      attempt(ctx, due, 1, 'failed', options.firstAt),
      attempt(ctx, addDays(due, 1), 2, twice ? 'failed' : 'sent'),
      ...(twice ? [attempt(ctx, addDays(due, 3), 3, 'sent')] : []),
    ];
  }
  return [attempt(ctx, due, 1, 'sent', options.firstAt)];
}

/** The reminder-stage attempt of a charge falling due in the next few days. */
export function upcomingAttempt(ctx: AttemptContext, due: IsoDate): AttemptPlan {
  return attempt(ctx, addDays(due, -3), 1, 'upcoming');
}

/** Cents of `amount` at `basisPoints`, rounded once, half up. */
export function basisPointsOf(amount: number, basisPoints: number): number {
  return Math.floor((amount * basisPoints + 5000) / 10000);
}
