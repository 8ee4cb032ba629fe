// Inserts what happened around the memberships: pauses, price changes, door visits and the activity log.
import type { Executor } from '../client';
import * as s from '../schema/index';
import { notAfter } from './attempts';
import { addDays, aucklandInstant, type IsoDate } from './calendar';
import type { SeededPrice } from './catalogue-seed';
import { insertAll } from './insert';
import type { Random } from './random';
import type { Planned } from './seed-members';
import { planVisits } from './visits-plan';

type Activity = typeof s.activityLog.$inferInsert;

export async function seedHistory(
  tx: Executor,
  random: Random,
  planned: Planned[],
  admins: Map<number, number>,
  today: IsoDate,
  now: Date,
) {
  const pauses: (typeof s.subscriptionPauses.$inferInsert)[] = [];
  const changes: (typeof s.priceChanges.$inferInsert)[] = [];
  const activity: Activity[] = [];
  for (const { plan, outcome, userId, subscriptionId } of planned) {
    const organisationId = plan.org.id;
    const admin = admins.get(organisationId) ?? null;
    const log = (action: string, at: Date, data: Record<string, unknown>, actor: number | null = admin) =>
      activity.push({
        organisationId,
        actorUserId: actor,
        userId,
        subjectType: 'subscription',
        subjectId: subscriptionId,
        action,
        data,
        createdAt: at,
      });
    log(
      'subscription.created',
      outcome.createdAt,
      {
        price_id: plan.price.id,
        amount: plan.price.def.amount,
        billing_frequency: plan.price.def.frequency,
        start_date: plan.startDate,
        payment_type: plan.paysBy,
      },
      plan.joinedBySelf ? userId : admin,
    );
    if (plan.pause) {
      const at = notAfter(
        aucklandInstant(addDays(plan.pause.start, -random.int(1, 6)), random.int(9, 17)),
        now,
      );
      const creditDays = outcome.pauseCreditDays;
      pauses.push({
        organisationId,
        subscriptionId,
        startDate: plan.pause.start,
        endDate: plan.pause.end,
        creditDays,
        createdBy: admin,
        createdAt: at,
        // The history already holds what the billing run did with pauses that began or ended by today.
        appliedAt: plan.pause.start <= today ? aucklandInstant(plan.pause.start, 0) : null,
        endedAt: plan.pause.end <= today ? aucklandInstant(plan.pause.end, 0) : null,
      });
      log('subscription.paused', at, {
        start_date: plan.pause.start,
        end_date: plan.pause.end,
        credit_days: creditDays,
      });
    }
    // Grace starts at the first attempt of the charge that is still unpaid (earlier failures were recovered).
    const firstFailure = outcome.charges.find((c) => plan.failureDate && c.periodStart === plan.failureDate)
      ?.attempts[0];
    if (outcome.gracePeriodEndsAt && firstFailure) {
      log(
        'subscription.grace_started',
        firstFailure.at,
        { grace_period_ends_at: outcome.gracePeriodEndsAt },
        null,
      );
    }
    if (outcome.cancelledAt) {
      const bySystem = plan.state === 'grace_cancelled';
      log(
        'subscription.cancelled',
        outcome.cancelledAt,
        {
          reasons: plan.reasons,
          comment: plan.comment,
          ends_at: outcome.endsAt,
          during_cooling_off: plan.state === 'term_cooling_cancelled',
          balance_owing: outcome.balanceOwing,
        },
        bySystem ? null : admin,
      );
    }
    if (plan.scheduledChangeTo && outcome.currentPeriod) {
      const at = notAfter(
        aucklandInstant(addDays(outcome.currentPeriod.end, -10), 11),
        new Date(now.getTime() - 86_400_000),
      );
      const change = {
        from: plan.price,
        to: plan.scheduledChangeTo,
        takesEffectAt: outcome.currentPeriod.end,
        at,
        applied: null,
      };
      changes.push(priceChange(organisationId, subscriptionId, userId, admin, change));
      log('subscription.price_change_scheduled', at, {
        from_price_id: plan.price.id,
        to_price_id: plan.scheduledChangeTo.id,
        takes_effect_at: outcome.currentPeriod.end,
      });
    }
    if (plan.appliedChange) {
      const at = aucklandInstant(addDays(plan.appliedChange.date, -21), 10);
      const applied = aucklandInstant(plan.appliedChange.date, 0, 3);
      changes.push(
        priceChange(organisationId, subscriptionId, userId, admin, {
          from: plan.appliedChange.from,
          to: plan.price,
          takesEffectAt: plan.appliedChange.date,
          at,
          applied,
        }),
      );
      log('subscription.price_change_scheduled', at, {
        from_price_id: plan.appliedChange.from.id,
        to_price_id: plan.price.id,
        takes_effect_at: plan.appliedChange.date,
      });
      log(
        'subscription.price_changed',
        applied,
        { from_price_id: plan.appliedChange.from.id, to_price_id: plan.price.id },
        null,
      );
    }
  }
  const visits: (typeof s.visits.$inferInsert)[] = [];
  for (const { plan, outcome, userId } of planned) {
    for (const v of planVisits(random, plan, outcome, today, now)) {
      visits.push({
        organisationId: plan.org.id,
        gymId: v.gymId,
        userId,
        doorId: v.doorId,
        visitedAt: v.at,
        successful: v.successful,
        createdAt: v.at,
      });
    }
  }
  activity.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  visits.sort((a, b) => a.visitedAt.getTime() - b.visitedAt.getTime());
  return {
    pauses: await insertAll(tx, s.subscriptionPauses, pauses),
    priceChanges: await insertAll(tx, s.priceChanges, changes),
    visits: await insertAll(tx, s.visits, visits),
    activity: await insertAll(tx, s.activityLog, activity),
  };
}

interface Change {
  from: SeededPrice;
  to: SeededPrice;
  takesEffectAt: IsoDate;
  at: Date;
  applied: Date | null;
}

function priceChange(
  organisationId: number,
  subscriptionId: number,
  userId: number,
  createdBy: number | null,
  c: Change,
) {
  return {
    organisationId,
    subscriptionId,
    userId,
    fromPriceId: c.from.id,
    toPriceId: c.to.id,
    fromAmount: c.from.def.amount,
    toAmount: c.to.def.amount,
    takesEffectAt: c.takesEffectAt,
    notifiedAt: new Date(c.at.getTime() + 3_600_000),
    appliedAt: c.applied,
    createdBy,
    createdAt: c.at,
  };
}
