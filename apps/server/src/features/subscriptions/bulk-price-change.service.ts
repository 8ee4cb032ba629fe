// The bulk price change (BILLING.md "Price changes"): members on one price, narrowed by the list's filters,
// move to a new price from a date. Staff preview the list (members inside a term left out unless they
// include them) and the notice, then start a background job. The job works through the members in id
// order, a batch per transaction, with its progress saved in the same transaction as the batch's changes,
// so a worker that stops part-way leaves nothing half done and the next picks up after the last batch.
// Each member's change is the single call's (`scheduleOnLocked`), so it lands in their history the same way.
import { createHash } from 'node:crypto';
import type { BulkJob } from '@gym/domain/api/subscriptions';
import type { BulkPreviewBody, BulkPriceChangeBody } from '@gym/domain/api/subscriptions-requests';
import { isBillingFrequency } from '@gym/domain/billing-frequency';
import { FREQUENCY_CHANGE_PROBLEMS, frequencyChangeProblem } from '@gym/domain/billing-schedule';
import { todayInAuckland } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { formatMoney } from '@gym/domain/money';
import {
  membershipType,
  type SubscriptionStateInput,
  subscriptionState,
} from '@gym/domain/subscription-state';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import type { AuthContext } from '../../auth/guard';
import { AppError, forbidden, notFound, validationError } from '../../http/app-error';
import { roleAt } from '../gyms';
import * as repo from './bulk-price-change.repository';
import { findPriceForGym } from './price-change.repository';
import {
  checkedChange,
  renderNotice,
  scheduleOf,
  scheduleOnLocked,
  TAKES_EFFECT_AFTER_TODAY,
} from './price-change.service';
import { findSubscription } from './subscriptions.repository';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** Members one batch (one transaction) changes. */
const BULK_BATCH = 50;
/** The most members one preview reads (a price with more is previewed in part: the job does them all). */
const PREVIEW_LIMIT = 20_000;

const CHOOSE_A_PRICE = 'Choose a price of this organisation';

/** The gyms the person may change in bulk: all (organisation admin), the gyms they run, else 403. */
function scopeOf(auth: AuthContext, gymId: number | null): number[] | null {
  if (gymId !== null && roleAt(auth, gymId) !== 'admin')
    throw forbidden('Only admins of this gym can change its members’ prices.');
  if (auth.isOrganisationAdmin) return null;
  const gyms = auth.memberships.gyms
    .filter((g) => g.organisation_id === auth.organisationId && g.role === 'admin')
    .map((g) => g.id);
  if (gyms.length === 0) throw forbidden('Only organisation and gym admins can change prices in bulk.');
  return gyms;
}

async function checkInput(deps: Deps, auth: AuthContext, body: BulkPriceChangeBody) {
  const today = todayInAuckland(deps.clock.now());
  if (body.takes_effect_at <= today) throw validationError({ takes_effect_at: [TAKES_EFFECT_AFTER_TODAY] });
  // The gym does not matter for these two checks (each member's gym is checked as they are changed).
  const from = await findPriceForGym(deps.db, auth.organisationId, body.price_id, 0);
  if (!from) throw validationError({ price_id: [CHOOSE_A_PRICE] });
  const to = await findPriceForGym(deps.db, auth.organisationId, body.new_price_id, 0);
  if (!to) throw validationError({ new_price_id: [CHOOSE_A_PRICE] });
  if (to.archived) throw validationError({ new_price_id: ['This price is archived'] });
  // Another billing frequency is fine between recurring prices; each member's date is checked against
  // their own periods (classify).
  if (
    to.billing_frequency !== from.billing_frequency &&
    (to.billing_frequency === 'one_off' || from.billing_frequency === 'one_off')
  )
    throw validationError({ new_price_id: [FREQUENCY_CHANGE_PROBLEMS.one_off] });
  return { from, to };
}

const stateInput = (c: repo.Candidate): SubscriptionStateInput => ({
  startDate: c.start_date,
  currentPeriodStart: c.current_period_start,
  currentPeriodEnd: c.current_period_end,
  endsAt: c.ends_at,
  pauseStartAt: c.pause_start,
  pauseEndAt: c.pause_end,
  cancelledAt: c.cancelled_at,
  gracePeriodEndsAt: c.grace_period_ends_at,
  upcomingState: c.upcoming_state,
  undoCancellationUntil: c.undo_cancellation_until,
  isTermMembership: c.is_term_membership,
  termEndsAt: c.term_ends_at,
});

/**
 * Whether a member is in the set (the state filter), and if so whether the change reaches them: not a
 * member inside a term unless staff include them, nor one on whose periods a change to another billing
 * frequency cannot start on the date (frequencyChangeProblem: the reason names their next period start).
 */
function classify(c: repo.Candidate, body: BulkPriceChangeBody, now: Date, toFrequency: string) {
  const input = stateInput(c);
  const state = subscriptionState(input, now);
  if (state === 'cancelled' || (body.state !== null && state !== body.state)) return null;
  const type = membershipType(input, now);
  const inTerm = type.kind === 'term';
  const termExcluded =
    inTerm && !body.include_term_members ? `Inside a term until ${formatDate(type.commitmentDate!)}` : null;
  const schedule = scheduleOf(c);
  const frequencyProblem =
    termExcluded === null && schedule !== null && isBillingFrequency(toFrequency)
      ? frequencyChangeProblem(schedule, toFrequency, body.takes_effect_at)
      : null;
  const excluded = termExcluded ?? frequencyProblem?.message ?? null;
  return { state, inTerm, excluded, excludedInTerm: termExcluded !== null };
}

export async function previewBulk(deps: Deps, actor: Actor, body: BulkPreviewBody) {
  const { auth } = actor;
  const gymIds = scopeOf(auth, body.gym_id);
  const { to } = await checkInput(deps, auth, body);
  const now = deps.clock.now();
  const rows = await repo.candidates(deps.db, { organisationId: auth.organisationId, gymIds }, body, {
    afterId: 0,
    limit: PREVIEW_LIMIT,
  });
  const matching = rows.flatMap((c) => {
    const k = classify(c, body, now, to.billing_frequency);
    return k ? [{ c, ...k }] : [];
  });
  const included = matching.filter((m) => m.excluded === null);
  const start = (body.page - 1) * body.per_page;
  const data = matching.slice(start, start + body.per_page).map(({ c, state, inTerm, excluded }) => ({
    subscription_id: c.id,
    user_id: c.user_id,
    name: c.name,
    email: c.email,
    gym_name: c.gym_name,
    state,
    current_amount: Number(c.force_price_amount ?? c.price_amount),
    formatted_current_amount: formatMoney(Number(c.force_price_amount ?? c.price_amount)),
    in_term: inTerm,
    term_ends_at: c.term_ends_at,
    included: excluded === null,
    excluded_reason: excluded,
  }));
  let email = null;
  const sample = included[0];
  if (sample) {
    const sub = await findSubscription(deps.db, auth.organisationId, sample.c.id);
    if (sub) {
      const { price, takesEffectAt } = await checkedChange(deps.db, sub, {
        priceId: body.new_price_id,
        takesEffectAt: body.takes_effect_at,
        today: todayInAuckland(now),
        field: 'new_price_id',
      });
      email = await renderNotice(deps.db, sub, price, takesEffectAt);
    }
  }
  return {
    data,
    meta: {
      current_page: body.page,
      per_page: body.per_page,
      total: matching.length,
      last_page: Math.max(1, Math.ceil(matching.length / body.per_page)),
    },
    summary: {
      matching: matching.length,
      included: included.length,
      excluded_in_term: matching.filter((m) => m.excludedInTerm).length,
      excluded_other: matching.filter((m) => m.excluded !== null && !m.excludedInTerm).length,
      new_amount: to.amount,
      formatted_new_amount: formatMoney(to.amount),
    },
    email,
  };
}

/** Same organisation and input: the same job (a second start finds the first). */
const keyOf = (organisationId: number, body: BulkPriceChangeBody) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        organisationId,
        body.price_id,
        body.gym_id,
        body.offering_id,
        body.state,
        body.search,
        body.new_price_id,
        body.takes_effect_at,
        body.include_term_members,
      ]),
    )
    .digest('hex');

export async function startBulk(deps: Deps, actor: Actor, body: BulkPriceChangeBody) {
  const { auth } = actor;
  const gymIds = scopeOf(auth, body.gym_id);
  const { to } = await checkInput(deps, auth, body);
  const now = deps.clock.now();
  let total = 0;
  for (let after = 0; ; ) {
    const rows = await repo.candidates(deps.db, { organisationId: auth.organisationId, gymIds }, body, {
      afterId: after,
      limit: 1000,
    });
    total += rows.filter((c) => classify(c, body, now, to.billing_frequency)?.excluded === null).length;
    if (rows.length < 1000) break;
    after = rows.at(-1)!.id;
  }
  const job = await repo.insertOrFindJob(
    deps.db,
    keyOf(auth.organisationId, body),
    {
      organisation_id: auth.organisationId,
      actor_user_id: auth.user.id,
      request_id: actor.requestId,
      // The gyms it reaches: who may follow it (an organisation admin's change of one gym is that gym's).
      gym_ids: gymIds ?? (body.gym_id === null ? null : [body.gym_id]),
      input: body,
      to_frequency: to.billing_frequency,
      progress: { total, done: 0, changed: 0, unchanged: 0, failed: 0, after_id: 0, errors: [] },
    },
    now,
  );
  return presentJob(job);
}

export async function bulkJob(deps: Deps, auth: AuthContext, id: number) {
  const job = await repo.findJob(deps.db, auth.organisationId, id);
  if (!job) throw notFound('Price change not found.');
  const gyms = job.payload.gym_ids;
  if (!auth.isOrganisationAdmin && (gyms === null || !gyms.every((g) => roleAt(auth, g) === 'admin')))
    throw forbidden('Only the admins who could start this price change can follow it.');
  return presentJob(job);
}

function presentJob(job: repo.JobRow): BulkJob {
  const p = job.payload.progress;
  return {
    id: job.id,
    status: job.status,
    total: Math.max(p.total, p.done),
    done: p.done,
    changed: p.changed,
    unchanged: p.unchanged,
    failed: p.failed,
    errors: p.errors.slice(0, 50),
    new_price_id: job.payload.input.new_price_id,
    takes_effect_at: job.payload.input.takes_effect_at,
    created_at: new Date(job.created_at).toISOString(),
    finished_at: job.finished_at === null ? null : new Date(job.finished_at).toISOString(),
  };
}

/** One batch of the job; answers false when there is nothing more to do (finished, or another worker has it). */
async function runBatch(deps: Deps, ref: repo.JobRef): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const job = await repo.lockUnfinishedJob(tx, ref);
    if (!job) return false;
    const { input, progress } = job.payload;
    const now = deps.clock.now();
    const today = todayInAuckland(now);
    const rows = await repo.candidates(
      tx,
      { organisationId: job.payload.organisation_id, gymIds: job.payload.gym_ids },
      input,
      { afterId: progress.after_id, limit: BULK_BATCH },
    );
    const next = { ...progress, errors: [...progress.errors] };
    for (const c of rows) {
      next.after_id = c.id;
      const k = classify(c, input, now, job.payload.to_frequency ?? '');
      if (!k || k.excluded !== null) continue;
      next.done += 1;
      try {
        // A savepoint per member: one member's refusal leaves the others' changes standing.
        const outcome = await tx.transaction(async (sp) => {
          const sub = await findSubscription(sp, job.payload.organisation_id, c.id, { lock: true });
          if (!sub) throw notFound('Subscription not found.');
          const { price, takesEffectAt } = await checkedChange(sp, sub, {
            priceId: input.new_price_id,
            takesEffectAt: input.takes_effect_at,
            today,
            field: 'new_price_id',
          });
          return scheduleOnLocked(sp, {
            sub,
            price,
            takesEffectAt,
            actorUserId: job.payload.actor_user_id,
            requestId: job.payload.request_id,
            now,
            bulkJobId: job.id,
          });
        });
        if (outcome.changed) next.changed += 1;
        else next.unchanged += 1;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        next.failed += 1;
        const message = Object.values(error.errors ?? {})[0]?.[0] ?? error.message;
        if (next.errors.length < 200) next.errors.push({ subscription_id: c.id, message });
      }
    }
    const finished = rows.length < BULK_BATCH;
    await repo.saveProgress(tx, ref, next, finished ? now : null);
    return !finished;
  });
}

/** Runs the job to its end (or until another worker takes it over). */
export async function runBulkJob(deps: Deps, job: repo.JobRef): Promise<void> {
  try {
    while (await runBatch(deps, job)) {}
  } catch (error) {
    await repo.markFailed(deps.db, job, (error as Error).message);
    throw error;
  }
}

/** The scheduler's sweep: every bulk change not finished (a server that stopped part-way resumes here). */
export async function runBulkPriceChanges(deps: Deps): Promise<number> {
  const jobs = await repo.unfinishedJobs(deps.db);
  for (const job of jobs) await runBulkJob(deps, job);
  return jobs.length;
}
