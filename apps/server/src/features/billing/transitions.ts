// The one way a membership changes (docs/decisions/011-one-membership-lifecycle.md). Every path that
// moves a membership (the join site's confirm, a provider's answer by webhook, poll, the run's own call
// or reconciliation, the daily run's grace, pauses and price changes, staff and member actions) calls
// `transition` in its own transaction. It alone, for every kind of change:
//   1. writes the subscription's new state (the columns the caller worked out by the domain's rules),
//   2. writes the activity entry at the application clock's time,
//   3. queues the membership mail the change causes (mail/outbox.ts: sent after the commit),
//   4. asks for the member's door access to be brought in line, today and on any later day on which
//      time alone changes it (the end of a cancelled membership's paid period): a row of the outbox
//      `membership_door_checks`, in the same transaction.
// After the commit the caller runs `drainMembershipOutbox`, the same for every transition: it brings
// door access in line for the checks due and sends the queued mail. Kisi and the mail server are never
// called inside a transaction, and a change whose drain did not run (a crash, Kisi down) is drained by
// the next one (the server's minute tick, the next daily run).
import { randomUUID } from 'node:crypto';
import { type CalendarDate, todayInAuckland } from '@gym/domain/calendar-date';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { appendActivity } from '../../db/activity';
import { type Executor, queryRows } from '../../db/client';
import { membershipDoorChecks, paymentRefunds, subscriptions } from '../../db/schema/index';
import { sendQueuedMail } from '../../mail/outbox';
import { type DoorChange, syncDoorAccess } from '../access-control';
import {
  queueCancelledForNonPaymentMail,
  queueFirstPaymentFailedMail,
  queueManualPaymentReceipt,
  queuePaymentOutcomeMail,
} from './billing-mail.service';

/** Each kind of change of a membership, and the action its activity entry is logged under. */
export const TRANSITION_ACTIONS = {
  created: 'subscription.created',
  first_payment_settled: 'payment.sent',
  first_payment_failed: 'payment.failed',
  charge_settled: 'payment.sent',
  charge_failed: 'payment.failed',
  manual_payment_recorded: 'payment.manual_recorded',
  /** What is owed moved with a charge, grace unchanged: logged by the charge's own transition. */
  arrears_changed: null,
  grace_started: 'subscription.grace_started',
  grace_cleared: 'subscription.grace_cleared',
  cancelled_for_non_payment: 'subscription.cancelled_for_non_payment',
  pause_scheduled: 'subscription.pause_scheduled',
  pause_started: 'subscription.pause_started',
  pause_ended: 'subscription.pause_ended',
  pause_removed: 'subscription.pause_removed',
  started_early: 'subscription.started_early',
  /** A membership awaiting its first payment, paid on a later day: it starts that day. */
  start_moved: 'subscription.start_moved',
  /** Staff changed the member's billing date before the first charge: the anchor follows it. */
  billing_date_changed: 'subscription.billing_date_changed',
  cancelled: 'subscription.cancelled',
  cancellation_undone: 'subscription.cancellation_undone',
  term_ended: 'subscription.term_ended',
  price_change_scheduled: 'subscription.price_change_scheduled',
  price_change_applied: 'subscription.price_change_applied',
  refunded: 'payment.refunded',
  /** A card payment the cardholder disputed with their bank (its charge owed again), and the outcome. */
  payment_disputed: 'payment.disputed',
  dispute_won: 'payment.dispute_won',
  dispute_lost: 'payment.dispute_lost',
} as const;

type TransitionKind = keyof typeof TRANSITION_ACTIONS;

/** Columns of the subscription a transition sets (version and updated_at are kept here). */
export type SubscriptionState = Partial<
  Omit<typeof subscriptions.$inferInsert, 'id' | 'organisationId' | 'version' | 'updatedAt'>
>;

export interface Transition {
  kind: TransitionKind;
  organisationId: number;
  subscriptionId: number;
  /** The member (for the member's activity screen and the mail). */
  userId: number;
  /** The application clock's now: the entry's time, and the day door access is checked. */
  now: Date;
  /** Who acted: staff or the member; null for the engine and the providers. */
  actorUserId?: number | null;
  requestId?: string | null;
  /**
   * The subscription's new state, worked out by the caller from the domain's rules; `{}` when only its
   * version moves (a pause booked for later changes the membership's future, not a column of it).
   */
  set?: SubscriptionState;
  data?: Record<string, unknown>;
  /** The payment the change is about (a charge settled or failed, a refund): the entry's subject. */
  payment?: { id: number; status: string } | undefined;
  /** The pause the change is about (booked or removed): the entry's subject. */
  pauseId?: number;
  /** Payments a desk payment recorded, for their one receipt. */
  receiptFor?: readonly number[];
  /** A later day on which door access changes by time alone (a cancelled membership's paid period ends). */
  doorCheckOn?: CalendarDate | null;
  /**
   * A first payment failed: true when its answer came after the confirm had answered (a webhook, a poll,
   * a later run), so the member hears of it by mail; the confirm screen said it otherwise.
   */
  answeredAfterConfirm?: boolean;
}

/** Applies a change of a membership in the caller's transaction; answers the key of mail to send first. */
export async function transition(tx: Executor, t: Transition): Promise<string | null> {
  if (t.set) {
    await tx
      .update(subscriptions)
      .set({ ...t.set, version: sql`${subscriptions.version} + 1`, updatedAt: t.now })
      .where(and(eq(subscriptions.organisationId, t.organisationId), eq(subscriptions.id, t.subscriptionId)));
  }
  const action = TRANSITION_ACTIONS[t.kind];
  if (action !== null)
    await appendActivity(tx, {
      organisationId: t.organisationId,
      actorUserId: t.actorUserId ?? null,
      userId: t.userId,
      subjectType: t.payment ? 'payment' : t.pauseId !== undefined ? 'subscription_pause' : 'subscription',
      subjectId: t.payment?.id ?? t.pauseId ?? t.subscriptionId,
      action,
      data:
        t.payment || t.pauseId !== undefined
          ? { subscription_id: t.subscriptionId, ...t.data }
          : (t.data ?? {}),
      requestId: t.requestId ?? null,
      createdAt: t.now,
    });
  const mail = await queueMembershipMail(tx, t);
  const today = todayInAuckland(t.now);
  const days = [today, ...(t.doorCheckOn && t.doorCheckOn > today ? [t.doorCheckOn] : [])];
  await tx
    .insert(membershipDoorChecks)
    .values(
      days.map((dueOn) => ({ organisationId: t.organisationId, subscriptionId: t.subscriptionId, dueOn })),
    )
    // A drain may be working on the same check with the state before this change: the check is made
    // unclaimed again, so that drain leaves it for the next one instead of deleting it.
    .onConflictDoUpdate({
      target: [membershipDoorChecks.subscriptionId, membershipDoorChecks.dueOn],
      set: { claim: null, claimedAt: null },
    });
  return mail;
}

/** The mail a change sends the member, queued with it. */
async function queueMembershipMail(tx: Executor, t: Transition): Promise<string | null> {
  switch (t.kind) {
    case 'first_payment_settled':
    case 'charge_settled':
    case 'charge_failed':
      if (t.payment)
        await queuePaymentOutcomeMail(tx, t.organisationId, t.payment.id, t.payment.status, t.now);
      return null;
    case 'manual_payment_recorded':
      return t.receiptFor ? queueManualPaymentReceipt(tx, t.organisationId, t.receiptFor, t.now) : null;
    case 'cancelled_for_non_payment':
      await queueCancelledForNonPaymentMail(tx, t.subscriptionId, todayInAuckland(t.now), t.now);
      return null;
    // A first payment declined at confirmation is said on the confirm screen; nothing is owed, so no
    // failure mail (BILLING.md "A first payment declined at confirmation is not a debt"). One whose
    // answer came later (a bank payment) is mailed: the member must hear how to start the membership.
    case 'first_payment_failed':
      if (t.payment && t.answeredAfterConfirm)
        await queueFirstPaymentFailedMail(tx, t.organisationId, t.payment.id, t.now);
      return null;
    default:
      return null;
  }
}

/** A refund against a collected payment: its own record; the payment stays `sent`. Once per reason. */
export async function recordRefund(
  tx: Executor,
  refund: {
    organisationId: number;
    gymId: number;
    subscriptionId: number;
    userId: number;
    paymentId: number;
    amount: number;
    reason: string;
    method: 'stripe' | 'bank_transfer_by_gym';
    actorUserId?: number | null;
    requestId?: string | null;
    now: Date;
  },
): Promise<number | null> {
  const [made] = await tx
    .insert(paymentRefunds)
    .values({
      organisationId: refund.organisationId,
      gymId: refund.gymId,
      paymentId: refund.paymentId,
      amount: refund.amount,
      reason: refund.reason,
      method: refund.method,
      createdBy: refund.actorUserId ?? null,
      createdAt: refund.now,
    })
    .onConflictDoNothing()
    .returning({ id: paymentRefunds.id });
  if (!made) return null;
  await transition(tx, {
    kind: 'refunded',
    organisationId: refund.organisationId,
    subscriptionId: refund.subscriptionId,
    userId: refund.userId,
    now: refund.now,
    actorUserId: refund.actorUserId ?? null,
    requestId: refund.requestId ?? null,
    payment: { id: refund.paymentId, status: 'sent' },
    data: { refund_id: made.id, amount: refund.amount, reason: refund.reason, method: refund.method },
  });
  return made.id;
}

type DrainDeps = Pick<AppDeps, 'db' | 'secrets' | 'providers' | 'clock'> &
  Partial<Pick<AppDeps, 'mailer' | 'env'>>;

/** Door checks one pass of the drain takes. */
const DRAIN_BATCH = 500;
/**
 * A working drain renews its claim this often, so a claim not renewed for `STALE_CLAIM` belongs to a drain
 * that died (a killed worker or server): another drain, at the latest the next minute tick, takes it over.
 */
export const CLAIM_HEARTBEAT_MS = 5_000;
export const STALE_CLAIM = '30 seconds';
/** How long a caller waits for another drain working on its subscriptions' checks. */
const WAIT_FOR_OTHERS_MS = 15_000;

/**
 * After the commit of any transition: brings door access in line for every check due by `day` (today
 * by default; only these subscriptions' when given), and sends the mail named in `mailKeys` at once.
 * Safe to run at any time, and beside other drains: a check is claimed, Kisi asked, and the check
 * deleted only if no change came in meanwhile; one Kisi could not do is released for the next drain.
 * With `subscriptionIds`, the drain also waits for other drains working on those subscriptions' checks,
 * so that the caller answers with the doors in line (a webhook's drain may have claimed the check of a
 * membership confirmed a moment later).
 */
export async function drainMembershipOutbox(
  deps: DrainDeps,
  options: { day?: CalendarDate; subscriptionIds?: readonly number[]; mailKeys?: readonly string[] } = {},
): Promise<Record<DoorChange, number>> {
  const day = options.day ?? todayInAuckland(deps.clock.now());
  const counts: Record<DoorChange, number> = { granted: 0, revoked: 0, unchanged: 0, no_place: 0, failed: 0 };
  const only = options.subscriptionIds;
  const failed = new Set<number>();
  const pass = async (ids: readonly number[] | undefined) => {
    const claim = randomUUID();
    for (;;) {
      const taken = await queryRows<{ subscription_id: number }>(
        deps.db,
        sql`update membership_door_checks set claim = ${claim}, claimed_at = now()
            where (subscription_id, due_on) in (
              select subscription_id, due_on from membership_door_checks
              where due_on <= ${day}
                and (claim is null or claimed_at < now() - ${STALE_CLAIM}::interval)
                ${ids ? sql`and subscription_id = any(${`{${ids.join(',')}}`}::bigint[])` : sql``}
              order by due_on, subscription_id limit ${DRAIN_BATCH}
              for update skip locked)
            returning subscription_id::int`,
      );
      if (taken.length === 0) break;
      // Kisi may take a while over a batch: the claim is renewed meanwhile, so it is never taken for dead.
      const heartbeat = setInterval(() => {
        void queryRows(
          deps.db,
          sql`update membership_door_checks set claimed_at = now() where claim = ${claim}`,
        ).catch(() => undefined);
      }, CLAIM_HEARTBEAT_MS);
      heartbeat.unref();
      const doors = await syncDoorAccess(deps, [
        ...new Set(taken.map((r) => Number(r.subscription_id))),
      ]).finally(() => clearInterval(heartbeat));
      for (const key of Object.keys(counts) as DoorChange[]) counts[key] += doors[key];
      for (const id of doors.failedIds) failed.add(id);
      // Done: deleted. Kisi did not answer: released, for the next drain to ask again. One statement:
      // the two touch different rows of the claim.
      const failedIds = `{${doors.failedIds.join(',')}}`;
      await queryRows(
        deps.db,
        sql`with done as (
              delete from membership_door_checks where claim = ${claim}
                and not (subscription_id = any(${failedIds}::bigint[])))
            update membership_door_checks set claim = null, claimed_at = null
            where claim = ${claim} and subscription_id = any(${failedIds}::bigint[])`,
      );
      if (taken.length < DRAIN_BATCH) break;
    }
  };
  await pass(only);
  if (only && only.length > 0) {
    const deadline = Date.now() + WAIT_FOR_OTHERS_MS;
    for (;;) {
      const left = (
        await queryRows<{ subscription_id: number; free: boolean }>(
          deps.db,
          sql`select subscription_id::int, (claim is null or claimed_at < now() - ${STALE_CLAIM}::interval) as free
              from membership_door_checks
              where due_on <= ${day} and subscription_id = any(${`{${only.join(',')}}`}::bigint[])`,
        )
      ).filter((r) => !failed.has(Number(r.subscription_id)));
      if (left.length === 0 || Date.now() > deadline) break;
      if (left.some((r) => r.free)) await pass(left.map((r) => Number(r.subscription_id)));
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  // Mail the caller wants out now (a desk receipt); the rest goes with the minute tick and the run, as
  // every queued mail does (mail/outbox.ts).
  if (options.mailKeys && options.mailKeys.length > 0 && deps.mailer && deps.env) {
    const mailDeps = { db: deps.db, clock: deps.clock, mailer: deps.mailer, env: deps.env };
    await sendQueuedMail(mailDeps, options.mailKeys).catch(() => undefined);
  }
  return counts;
}
