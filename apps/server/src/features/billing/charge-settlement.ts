// What an attempt's answer does to its charge and to the subscription's standing: a success pays the
// charge; a charge's first failure dates it; then arrears (balance_owing, periods_owing) and grace are
// worked out again from every charge of the subscription, by the rules in packages/domain. Runs in the
// caller's transaction, with the subscription row locked, so two answers apply one after the other.
import { arrears, graceEndsAfter } from '@gym/domain/billing-schedule';
import { toCalendarDate } from '@gym/domain/calendar-date';
import { gracePeriodFor } from '@gym/domain/grace-period';
import { isWithinTerm } from '@gym/domain/term';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryPrepared } from '../../db/client';
import type { Row } from '../../db/row-types';
import { charges, organisations, subscriptions } from '../../db/schema/index';
import { transition } from './transitions';

export async function settleCharge(
  tx: Executor,
  input: {
    organisationId: number;
    chargeId: number;
    succeeded: boolean;
    /**
     * False for a success that paid only part of the charge (a part payment taken at the desk): the charge
     * stays unpaid and owes what is left of it; arrears and grace are worked out again all the same.
     */
    paidInFull?: boolean;
    /** False for a first payment declined at confirmation: it dates no failure, so nothing is owed. */
    countsAsFailure?: boolean;
    now: Date;
  },
): Promise<void> {
  const { organisationId, chargeId, now } = input;
  if (!input.succeeded && input.countsAsFailure === false) return;
  if (input.succeeded && input.paidInFull === false) {
    const [part] = await tx
      .select({ subscriptionId: charges.subscriptionId })
      .from(charges)
      .where(and(eq(charges.organisationId, organisationId), eq(charges.id, chargeId)));
    if (part) await refreshStanding(tx, organisationId, part.subscriptionId, now);
    return;
  }
  const [charge] = await tx
    .update(charges)
    .set(
      input.succeeded
        ? {
            status: sql`case when ${charges.status} = 'unpaid' then 'paid' else ${charges.status} end`,
            paidAt: now,
          }
        : { firstFailedAt: sql`coalesce(${charges.firstFailedAt}, ${now.toISOString()}::timestamptz)` },
    )
    .where(and(eq(charges.organisationId, organisationId), eq(charges.id, chargeId)))
    .returning({ subscriptionId: charges.subscriptionId });
  if (charge) await refreshStanding(tx, organisationId, charge.subscriptionId, now);
}

type StandingRow = Pick<Row<typeof charges>, 'kind' | 'status' | 'first_failed_at'> & {
  /** amount + surcharge. */
  total: number;
  /** What part payments collected against it (computed). */
  collected: number;
};

/**
 * What part payments collected against charge `c` (the successful payments marked `pays_part`): the
 * amount and the surcharge they paid. A charge paid in full by one payment has none.
 */
export const collectedAmountOf = sql`(select coalesce(sum(pp.amount), 0) from payments pp
  where pp.charge_id = c.id and pp.status = 'sent' and pp.pays_part)`;
export const collectedSurchargeOf = sql`(select coalesce(sum(pp.surcharge), 0) from payments pp
  where pp.charge_id = c.id and pp.status = 'sent' and pp.pays_part)`;

/** balance_owing, periods_owing and grace from the subscription's charges; logs grace starting and ending. */
export async function refreshStanding(
  tx: Executor,
  organisationId: number,
  subscriptionId: number,
  now: Date,
): Promise<void> {
  const [sub] = await tx
    .select({
      userId: subscriptions.userId,
      gracePeriodEndsAt: subscriptions.gracePeriodEndsAt,
      balanceOwing: subscriptions.balanceOwing,
      periodsOwing: subscriptions.periodsOwing,
      isTermMembership: subscriptions.isTermMembership,
      termEndsAt: subscriptions.termEndsAt,
      grace: {
        failedPaymentGracePeriod: organisations.failedPaymentGracePeriod,
        failedPaymentGracePeriodUnit: organisations.failedPaymentGracePeriodUnit,
        termMembershipGracePeriod: organisations.termMembershipGracePeriod,
        termMembershipGracePeriodUnit: organisations.termMembershipGracePeriodUnit,
      },
    })
    .from(subscriptions)
    .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
    .where(and(eq(subscriptions.organisationId, organisationId), eq(subscriptions.id, subscriptionId)))
    .for('update', { of: subscriptions });
  if (!sub) return;
  // Prepared: every payment's answer reads its membership's charges, and planning the read cost more than
  // running it.
  const rows = await queryPrepared<StandingRow>(
    tx,
    'membership_charge_standing',
    sql`select c.kind, c.status, c.amount + c.surcharge as total, c.first_failed_at,
          ${collectedAmountOf} + ${collectedSurchargeOf} as collected
        from charges c
        where c.organisation_id = ${organisationId} and c.subscription_id = ${subscriptionId}`,
  );
  const standing = rows.map((r) => ({
    kind: r.kind,
    status: r.status,
    total: Number(r.total),
    collected: Number(r.collected),
    failed: r.first_failed_at !== null,
  }));
  const owed = arrears(standing);
  const failures = rows
    .filter(
      (r) =>
        r.status === 'unpaid' &&
        r.first_failed_at !== null &&
        !(Number(r.collected) > 0 && Number(r.collected) >= Number(r.total)),
    )
    .map((r) => toCalendarDate(new Date(r.first_failed_at!)))
    .sort();
  // The term's grace for failures before term_ends_at; after it the membership is flexi (BILLING.md
  // "Grace for terms").
  const inTerm = isWithinTerm(sub, failures[0] ?? toCalendarDate(now));
  const graceEndsAt = graceEndsAfter({
    current: sub.gracePeriodEndsAt as never,
    balanceOwing: owed.balanceOwing,
    firstUnpaidFailure: failures[0] ?? null,
    grace: gracePeriodFor(sub.grace, inTerm),
  });
  if (
    graceEndsAt === sub.gracePeriodEndsAt &&
    owed.balanceOwing === sub.balanceOwing &&
    owed.periodsOwing === sub.periodsOwing
  )
    return;
  // Grace starting or clearing is a transition of its own; arrears alone moving is part of the charge's.
  await transition(tx, {
    kind:
      graceEndsAt === sub.gracePeriodEndsAt
        ? 'arrears_changed'
        : graceEndsAt === null
          ? 'grace_cleared'
          : 'grace_started',
    organisationId,
    subscriptionId,
    userId: sub.userId,
    now,
    set: { balanceOwing: owed.balanceOwing, periodsOwing: owed.periodsOwing, gracePeriodEndsAt: graceEndsAt },
    data: { grace_period_ends_at: graceEndsAt, balance_owing: owed.balanceOwing },
  });
}
