// The daily billing run (BILLING.md): for one Pacific/Auckland business day, in this order: grace that
// ran out unpaid cancels (before any of the day's charges), pauses begin and end, terms end, every charge due is
// made with its first attempt written before the provider hears of it, failed charges due a retry get
// one, attempts a crash left unsent are sent again with their key, and pending bank payments are asked
// about, and the day before's attempts are reconciled with the providers' records. Every change of a
// membership is a `transition` (transitions.ts); then the membership outbox is drained for the day (door
// access brought in line for every check due, a cancelled membership's paid period ending today
// included), and the members' mail goes out (the day's reminders and notices queued, then everything
// queued sent: billing-mail.service.ts).
//
// Each step claims its rows with SKIP LOCKED and keys its inserts naturally, so the run is idempotent
// and any number of workers (in the server or `npm run worker`) can run the same day side by side.

import { anchorDayFor } from '@gym/domain/billing-schedule';
import {
  addDays,
  type CalendarDate,
  startOfDayInstant,
  toCalendarDate,
  todayInAuckland,
} from '@gym/domain/calendar-date';
import { pauseOutcome } from '@gym/domain/pause-credit';
import { isRetryDue } from '@gym/domain/payment-retry';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { failpoint } from '../../failpoints';
import { firstAttempt, nextAttempt } from './attempt-builder';
import { pollAttempts, sendAttempts } from './attempts.service';
import { sendBillingMail } from './billing-mail.service';
import * as repo from './billing-run.repository';
import { repriceUnpaidCharges } from './charge-repricing';
import { reconcile } from './reconciliation.service';
import { planOf } from './subscription-plan';
import { drainMembershipOutbox, type SubscriptionState, transition } from './transitions';

export type BillingDeps = Pick<AppDeps, 'db' | 'secrets' | 'providers' | 'clock' | 'mailer' | 'env'>;

export interface DaySummary {
  day: CalendarDate;
  graceEnded: number;
  pausesStarted: number;
  pausesEnded: number;
  charges: number;
  attempts: number;
  retries: number;
  resent: number;
  polled: number;
  reconciled: number;
  drift: number;
  doorsGranted: number;
  doorsRevoked: number;
}

const emptySummary = (day: CalendarDate): DaySummary => ({
  day,
  graceEnded: 0,
  pausesStarted: 0,
  pausesEnded: 0,
  charges: 0,
  attempts: 0,
  retries: 0,
  resent: 0,
  polled: 0,
  reconciled: 0,
  drift: 0,
  doorsGranted: 0,
  doorsRevoked: 0,
});

/** Runs every step of `day`. Safe to run again, and beside other workers running it. */
export async function runBillingDay(deps: BillingDeps, day: CalendarDate): Promise<DaySummary> {
  const summary = emptySummary(day);
  const started = deps.clock.now();
  await repo.startRun(deps.db, day, started);
  summary.graceEnded = await endGrace(deps, day);
  const pauses = await movePauses(deps, day);
  summary.pausesStarted = pauses.started;
  summary.pausesEnded = pauses.ended;
  await endTerms(deps, day);

  // Each batch's attempts go to the provider once its charges are committed, while the next batch is
  // made: the provider's wait and the database's writes overlap instead of following each other.
  const sender = attemptsInTurn(deps);
  const made = await makeDueCharges(deps, day, sender.send).catch(async (error: unknown) => {
    await sender.finished().catch(() => {}); // nothing still sending when the run gives up
    throw error;
  });
  summary.charges = made.charges;
  summary.attempts = made.attempts;
  await sender.finished();

  const retries = await makeRetries(deps, day);
  summary.retries = retries.length;
  await sendAttempts(deps, retries);

  summary.resent = await resendUnsent(deps, started);
  summary.polled = await pollPending(deps, started);
  const reconciled = await reconcile(deps, day);
  summary.reconciled = reconciled.checked;
  summary.drift = reconciled.drift;

  // Every transition of the day asked for its door check (and cancellations whose paid period ends
  // today asked for theirs when they were made): brought in line now, then the day's mail goes out.
  const doors = await drainMembershipOutbox(deps, { day });
  summary.doorsGranted = doors.granted;
  summary.doorsRevoked = doors.revoked;
  await sendBillingMail(deps, day);
  // The day's changes to the forecast's plan counts folded into one row a key (migration 0035).
  await repo.compactPlanCounts(deps.db);
  const { day: _day, ...counts } = summary;
  await repo.finishRun(deps.db, day, deps.clock.now(), counts);
  return summary;
}

/** Runs each business day from the one after the last finished run up to today (just today the first time). */
export async function catchUp(deps: BillingDeps): Promise<DaySummary[]> {
  const today = todayInAuckland(deps.clock.now());
  const last = await repo.lastFinishedDay(deps.db);
  const summaries: DaySummary[] = [];
  let day = last === null ? today : addDays(last, 1);
  for (; day <= today; day = addDays(day, 1)) summaries.push(await runBillingDay(deps, day));
  return summaries;
}

async function endGrace(deps: BillingDeps, day: CalendarDate): Promise<number> {
  let ended = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const due = await repo.claimGraceEnded(tx, day);
      const now = deps.clock.now();
      for (const sub of due) {
        await transition(tx, {
          kind: 'cancelled_for_non_payment',
          organisationId: sub.organisation_id,
          subscriptionId: sub.id,
          userId: sub.user_id,
          now,
          set: {
            cancelledAt: startOfDayInstant(day),
            endsAt: day,
            cancellationReasons: ['non_payment'],
            undoCancellationUntil: null,
          },
          data: { ends_at: day, balance_owing: Number(sub.balance_owing) },
        });
      }
      return due.length;
    });
    ended += batch;
    if (batch < repo.BATCH) return ended;
  }
}

/** Terms ending today: the membership goes on as flexi (the engine's plan already prices it so). */
async function endTerms(deps: BillingDeps, day: CalendarDate): Promise<number> {
  let ended = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const due = await repo.claimTermsEnding(tx, day);
      const now = deps.clock.now();
      for (const sub of due) {
        await transition(tx, {
          kind: 'term_ended',
          organisationId: sub.organisation_id,
          subscriptionId: sub.id,
          userId: sub.user_id,
          now,
          data: { term_ends_at: day, transition_to_price_id: sub.transition_to_price_id },
        });
      }
      return due.length;
    });
    ended += batch;
    if (batch < repo.BATCH) return ended;
  }
}

async function movePauses(deps: BillingDeps, day: CalendarDate) {
  let started = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const due = await repo.claimStartingPauses(tx, day);
      for (const pause of due) await startPause(tx, pause, deps.clock.now());
      return due.length;
    });
    started += batch;
    if (batch < repo.BATCH) break;
  }
  let ended = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const due = await repo.claimEndingPauses(tx, day);
      const now = deps.clock.now();
      for (const pause of due) {
        await repo.markPauseEnded(tx, pause.id, now);
        await transition(tx, {
          kind: 'pause_ended',
          organisationId: pause.organisation_id,
          subscriptionId: pause.subscription_id,
          userId: pause.user_id,
          now,
          set: { pausedAt: null, pauseDaysCredit: 0 },
          data: { pause_id: pause.id },
        });
      }
      return due.length;
    });
    ended += batch;
    if (batch < repo.BATCH) break;
  }
  return { started, ended };
}

/** Credits the paid days the pause covers and moves the next charge (BILLING.md "Pauses"). */
export async function startPause(tx: Executor, pause: repo.DuePause, now: Date) {
  let creditDays = 0;
  let change: string;
  let set: SubscriptionState;
  if (pause.current_period_start === null || pause.current_period_end === null) {
    // Nothing charged yet: the membership simply starts when the pause ends, and that date is the new
    // anchor (a monthly membership moved from the 29th to the 15th bills on the 15th).
    const start = pause.sub_start_date > pause.end_date ? pause.sub_start_date : pause.end_date;
    set = {
      startDate: start,
      anchorDay: anchorDayFor({ startDate: start }),
      pausedAt: startOfDayInstant(pause.start_date),
    };
    change = start;
  } else {
    const outcome = pauseOutcome({
      paidPeriodStart: pause.current_period_start as CalendarDate,
      paidPeriodEnd: pause.current_period_end as CalendarDate,
      // A pause dated before the period now paid for (a catch-up) counts from that period's start.
      pauseStart: (pause.start_date > pause.current_period_end
        ? pause.current_period_end
        : pause.start_date) as CalendarDate,
      pauseEnd: pause.end_date as CalendarDate,
    });
    creditDays = outcome.creditDays;
    change = outcome.nextChargeDate;
    set = {
      currentPeriodEnd: outcome.nextChargeDate,
      anchorDay: outcome.newAnchorDay,
      pauseDaysCredit: creditDays,
      pausedAt: startOfDayInstant(pause.start_date),
    };
  }
  await repo.markPauseApplied(tx, pause, creditDays, now);
  await transition(tx, {
    kind: 'pause_started',
    organisationId: pause.organisation_id,
    subscriptionId: pause.subscription_id,
    userId: pause.user_id,
    now,
    set,
    data: { pause_id: pause.id, credit_days: creditDays, next_charge_date: change },
  });
}

/**
 * Sends batches of attempts one after another, each as it is handed over, without holding up the caller:
 * `finished` waits for the last. After a batch fails to send, later batches are not sent (a provider
 * outage leaves them waiting, as before; the next run sends them again with their keys) and `finished`
 * throws its error.
 */
function attemptsInTurn(deps: BillingDeps) {
  let turn: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | null = null;
  return {
    send(ids: readonly number[]) {
      if (ids.length === 0) return;
      turn = turn.then(async () => {
        if (failure) return;
        try {
          await sendAttempts(deps, ids);
        } catch (error) {
          failure = { error };
        }
      });
    },
    async finished() {
      await turn;
      if (failure) throw failure.error;
    },
  };
}

/**
 * Makes every charge due by `day` with its first attempt, handing each batch's attempts to `committed`
 * once the batch is committed; answers how many charges and attempts it made. It walks the due
 * subscriptions in id order (each batch after the last, so a pass reads each row once), then passes again
 * from the start until a pass charges nothing: rows another worker held and then let go (it crashed)
 * are charged by this one.
 */
async function makeDueCharges(
  deps: BillingDeps,
  day: CalendarDate,
  committed: (attempts: readonly number[]) => void,
) {
  let attempts = 0;
  let charges = 0;
  let after = 0;
  let progressed = false;
  for (;;) {
    const { batch, made } = await deps.db.transaction(async (tx) => {
      const due = await repo.claimDueSubscriptions(tx, day, after);
      failpoint('charges.before-write');
      after = due.at(-1)?.id ?? after;
      return { batch: due.length, made: await chargeBatch(tx, due, day, deps.clock.now()) };
    });
    if (made.periods > 0) progressed = true;
    charges += made.charges;
    attempts += made.attempts.length;
    committed(made.attempts);
    if (batch < repo.BATCH) {
      if (!progressed) return { charges, attempts };
      progressed = false;
      after = 0;
    }
  }
}

/**
 * Charges a batch of due subscriptions in a fixed few statements: every planned charge (each unless it
 * exists), the first attempt at each charge made now, and the subscriptions moved to the period last
 * charged. A scheduled price change that took effect is marked applied and logged.
 */
async function chargeBatch(tx: Executor, due: repo.DueSubscription[], day: CalendarDate, now: Date) {
  const plans = due.map((sub) => ({ sub, planned: planOf(sub, day) }));
  const created = await repo.insertCharges(
    tx,
    plans.flatMap(({ sub, planned }) =>
      planned.map((p) => ({
        organisationId: sub.organisation_id,
        subscriptionId: sub.id,
        periodStart: p.period.start,
        periodEnd: p.period.end,
        amount: p.amount,
        surcharge: p.surcharge,
        isProRata: p.proRata,
      })),
    ),
    now,
  );
  const chargeOf = new Map(created.map((c) => [`${c.subscription_id} ${c.period_start}`, c.id]));
  const attempts = await repo.insertAttempts(
    tx,
    plans.flatMap(({ sub, planned }) =>
      planned.flatMap((p) => {
        const chargeId = chargeOf.get(`${sub.id} ${p.period.start}`);
        return chargeId === undefined ? [] : [firstAttempt(sub, p, chargeId)];
      }),
    ),
    now,
  );
  const moved = plans.flatMap(({ sub, planned }) => {
    const last = planned.at(-1);
    if (!last) return [];
    // A scheduled price change in effect becomes the subscription's price from its charge on.
    const priceId = planned.reduce<number | null>((found, p) => p.priceChangeTo ?? found, null);
    // A price of another billing frequency anchors the membership on its first period's start.
    const anchorDay = planned.reduce<number | null>((found, p) => p.newAnchorDay ?? found, null);
    return [
      {
        organisationId: sub.organisation_id,
        id: sub.id,
        periodStart: last.period.start,
        periodEnd: last.period.end,
        priceId,
        anchorDay,
        sub,
      },
    ];
  });
  await repo.advanceSubscriptions(
    tx,
    moved.map(({ sub: _sub, anchorDay: _anchorDay, ...row }) => row),
    now,
  );
  for (const { sub, priceId, anchorDay } of moved) {
    if (priceId === null) continue;
    const applied = await repo.markPriceChangeApplied(tx, sub.id, priceId, now);
    // The price itself moved with the period above (advanceSubscriptions); this is its entry and checks,
    // and, for a price of another billing frequency, the new anchor its periods keep from here on.
    await transition(tx, {
      kind: 'price_change_applied',
      organisationId: sub.organisation_id,
      subscriptionId: sub.id,
      userId: sub.user_id,
      now,
      ...(anchorDay !== null ? { set: { anchorDay } } : {}),
      data: {
        price_id: priceId,
        price_change_ids: applied,
        ...(anchorDay !== null ? { anchor_day: anchorDay } : {}),
      },
    });
  }
  return {
    periods: plans.reduce((n, p) => n + p.planned.length, 0),
    charges: created.length,
    attempts,
  };
}

/** New attempts at failed charges whose retry day has come (1, 3 and 5 days after the first failure). */
async function makeRetries(deps: BillingDeps, day: CalendarDate): Promise<number[]> {
  const made: number[] = [];
  const endOfDay = startOfDayInstant(addDays(day, 1));
  let after = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const candidates = await repo.claimRetryCandidates(tx, endOfDay, after);
      const now = deps.clock.now();
      for (const c of candidates) {
        after = Math.max(after, c.id);
        const due = isRetryDue(
          {
            firstFailedOn: toCalendarDate(new Date(c.first_failed_at)),
            retriesMade: Number(c.retries_made),
            lastFailureCode: c.last_error,
          },
          day,
        );
        if (!due) continue;
        const last = await repo.latestAttempt(tx, c.organisation_id, c.id);
        if (!last) continue;
        // Priced for the payment method the subscription holds now (no card surcharge by bank account).
        const [priced] = await repriceUnpaidCharges(tx, {
          organisationId: c.organisation_id,
          subscriptionId: c.subscription_id,
          chargeId: c.id,
          actorUserId: null,
          now,
        });
        if (!priced) continue;
        // The member may have given a new payment method since: the retry uses the subscription's.
        const [id] = await repo.insertAttempts(
          tx,
          [
            nextAttempt(
              last,
              { id: c.id, subscriptionId: c.subscription_id, lastAttempt: Number(c.last_attempt) },
              priced,
            ),
          ],
          now,
        );
        if (id !== undefined) made.push(id);
      }
      return candidates.length;
    });
    if (batch < repo.BATCH) return made;
  }
}

async function resendUnsent(deps: BillingDeps, writtenBefore: Date): Promise<number> {
  let after = 0;
  let sent = 0;
  for (;;) {
    const batch = await repo.unsentAttempts(deps.db, writtenBefore, after);
    after = batch.at(-1)?.id ?? after;
    await sendAttempts(
      deps,
      batch.map(({ id }) => id),
    );
    sent += batch.length;
    if (batch.length < repo.BATCH) return sent;
  }
}

async function pollPending(deps: BillingDeps, askedBefore: Date): Promise<number> {
  let after = 0;
  let polled = 0;
  for (;;) {
    const batch = await repo.pendingBankAttempts(deps.db, askedBefore, after);
    after = batch.at(-1)?.id ?? after;
    await pollAttempts(
      deps,
      batch.map(({ id }) => id),
      async (id, answer) => {
        if (answer !== 'answered') await repo.markPolled(deps.db, id, deps.clock.now());
      },
    );
    polled += batch.length;
    if (batch.length < repo.BATCH) return polled;
  }
}
