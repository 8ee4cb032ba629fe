// Scheduled price changes (BILLING.md "Price changes"): staff choose a new price and the date it takes
// effect (default the end of the current period); the subscription's transition_to_price and
// transition_takes_effect_at carry it to the billing engine (`chargeAmount`, `plannedCharges`), a
// price_changes row keeps it in the member's history, and the engine's mail run sends the notice
// (`priceChangeMail`, replying to the gym's address) that the preview here renders the same way.
import type { SchedulePriceChangeBody } from '@gym/domain/api/subscriptions-requests';
import { isBillingFrequency } from '@gym/domain/billing-frequency';
import { type CalendarDate, todayInAuckland } from '@gym/domain/calendar-date';
import { priceInEffect } from '@gym/domain/charge-amount';
import { formatDate } from '@gym/domain/format';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import type { AuthContext } from '../../auth/guard';
import type { Executor } from '../../db/client';
import { conflict, forbidden, notFound, validationError } from '../../http/app-error';
import { priceChangeMail } from '../../mail/templates';
import { transition } from '../billing';
import { roleAt } from '../gyms';
import { actionsOf } from './pause.service';
import { presentPriceChange } from './price-change.presenter';
import * as repo from './price-change.repository';
import { assertConfirmed, subscriptionFor } from './subscription-access';
import type { SubscriptionRow } from './subscriptions.repository';

export const TAKES_EFFECT_AFTER_TODAY = 'The change must take effect after today';
const PRICE_NOT_AT_GYM = 'This price is not offered at the member’s gym';
export const PRICE_ARCHIVED = 'This price is archived';
export const CHOOSE_A_PRICE = 'Choose a price of this organisation';
const SAME_PRICE_NOW = 'The member is already on this price';

/** The new price, checked for this subscription: this organisation's, live, at its gym, same frequency. */
export async function targetPrice(db: Executor, sub: SubscriptionRow, priceId: number, field = 'price_id') {
  const price = await repo.findPriceForGym(db, sub.organisation_id, priceId, sub.gym_id);
  if (!price) throw validationError({ [field]: [CHOOSE_A_PRICE] });
  if (price.archived) throw validationError({ [field]: [PRICE_ARCHIVED] });
  if (!price.at_gym) throw validationError({ [field]: [PRICE_NOT_AT_GYM] });
  if (price.billing_frequency !== sub.billing_frequency)
    throw validationError({
      [field]: [`The new price must bill ${sub.billing_frequency.replace('_', ' ')}, like the current one`],
    });
  return price;
}

/** The date the change takes effect: the one given, or the end of the current period; checked. */
export function effectiveDate(sub: SubscriptionRow, given: CalendarDate | null, today: CalendarDate) {
  assertConfirmed(sub);
  const date = given ?? sub.current_period_end ?? sub.start_date;
  if (date <= today) throw validationError({ takes_effect_at: [TAKES_EFFECT_AFTER_TODAY] });
  if (sub.cancelled_at !== null) throw conflict('This membership is cancelled; its price cannot change.');
  if (sub.ends_at !== null && date >= sub.ends_at)
    throw conflict(`This membership ends on ${formatDate(sub.ends_at)}, before the change takes effect.`);
  return date;
}

/** What the member pays per period before the change (an override, else the price). */
const amountBefore = (sub: SubscriptionRow, takesEffectAt: CalendarDate) =>
  priceInEffect({
    priceAmount: sub.price_amount,
    forcePriceAmount: sub.force_price_amount,
    transition: null,
    periodStart: takesEffectAt,
  });

export interface ScheduleOutcome {
  priceChangeId: number;
  changed: boolean;
}

/**
 * Schedules the change on a locked subscription in the caller's transaction (the single call and each
 * member of a bulk change). The same change asked again changes nothing; a different one replaces the
 * change still waiting, which is kept in the history as cancelled.
 */
export async function scheduleOnLocked(
  tx: Executor,
  input: {
    sub: SubscriptionRow;
    price: repo.TargetPrice;
    takesEffectAt: CalendarDate;
    actorUserId: number;
    requestId: string | null;
    now: Date;
    bulkJobId?: number;
  },
): Promise<ScheduleOutcome> {
  const { sub, price, takesEffectAt, now } = input;
  const waiting = await repo.waitingChanges(tx, sub.organisation_id, sub.id);
  const same = waiting.find((w) => w.to_price_id === price.id && w.takes_effect_at === takesEffectAt);
  if (same && waiting.length === 1) return { priceChangeId: same.id, changed: false };
  if (price.id === sub.price_id && sub.force_price_amount === null)
    throw validationError({ price_id: [SAME_PRICE_NOW] });
  await repo.cancelWaitingChanges(tx, sub.organisation_id, sub.id, now);
  const priceChangeId = await repo.insertPriceChange(tx, {
    organisationId: sub.organisation_id,
    subscriptionId: sub.id,
    userId: sub.user_id,
    fromPriceId: sub.price_id,
    toPriceId: price.id,
    fromAmount: amountBefore(sub, takesEffectAt),
    toAmount: price.amount,
    takesEffectAt,
    createdBy: input.actorUserId,
    now,
  });
  await transition(tx, {
    kind: 'price_change_scheduled',
    organisationId: sub.organisation_id,
    subscriptionId: sub.id,
    userId: sub.user_id,
    now,
    actorUserId: input.actorUserId,
    requestId: input.requestId,
    set: { transitionToPriceId: price.id, transitionTakesEffectAt: takesEffectAt },
    data: {
      price_change_id: priceChangeId,
      from_price_id: sub.price_id,
      to_price_id: price.id,
      from_amount: amountBefore(sub, takesEffectAt),
      to_amount: price.amount,
      takes_effect_at: takesEffectAt,
      ...(input.bulkJobId ? { bulk_job_id: input.bulkJobId } : {}),
    },
  });
  return { priceChangeId, changed: true };
}

export async function schedulePriceChange(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  body: SchedulePriceChangeBody,
) {
  const now = deps.clock.now();
  const { auth } = actor;
  const id = await deps.db.transaction(async (tx) => {
    const sub = await subscriptionFor(tx, auth, body.subscription_id, { lock: true });
    const takesEffectAt = effectiveDate(sub, body.takes_effect_at, todayInAuckland(now));
    const price = await targetPrice(tx, sub, body.price_id);
    const outcome = await scheduleOnLocked(tx, {
      sub,
      price,
      takesEffectAt,
      actorUserId: auth.user.id,
      requestId: actor.requestId,
      now,
    });
    return outcome.priceChangeId;
  });
  const [change] = await repo.priceChanges(deps.db, auth.organisationId, { id });
  return {
    price_change: presentPriceChange(change!),
    subscription: await actionsOf(deps, actor, body.subscription_id),
  };
}

/** The member's notice exactly as the engine's mail run will render it. */
export async function emailPreview(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  auth: AuthContext,
  body: SchedulePriceChangeBody,
) {
  const sub = await subscriptionFor(deps.db, auth, body.subscription_id);
  const takesEffectAt = effectiveDate(sub, body.takes_effect_at, todayInAuckland(deps.clock.now()));
  const price = await targetPrice(deps.db, sub, body.price_id);
  return renderNotice(sub, price, takesEffectAt);
}

export function renderNotice(sub: SubscriptionRow, price: repo.TargetPrice, takesEffectAt: CalendarDate) {
  const mail = priceChangeMail({
    name: sub.user_name,
    gymName: sub.gym_name,
    fromAmount: amountBefore(sub, takesEffectAt),
    toAmount: price.amount,
    frequency: isBillingFrequency(price.billing_frequency) ? price.billing_frequency : null,
    takesEffectOn: takesEffectAt,
  });
  return {
    to: sub.user_email,
    reply_to: sub.price_change_reply_to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  };
}

/**
 * GET /api/users/{id}/price-change-history: organisation admins see anyone's; gym admins a member with a
 * membership at a gym they run; another organisation's person is not found.
 */
export async function priceChangeHistory(
  deps: Pick<AppDeps, 'db'>,
  auth: AuthContext,
  userId: number,
  page: { page: number; per_page: number },
) {
  const gyms = await repo.gymsOfMember(deps.db, auth.organisationId, userId);
  if (gyms === null) throw notFound('Member not found.');
  if (!auth.isOrganisationAdmin && !gyms.some((gymId) => roleAt(auth, gymId) === 'admin'))
    throw forbidden('Only admins of this member’s gym can see their price history.');
  const [rows, total] = await Promise.all([
    repo.priceChanges(deps.db, auth.organisationId, {
      userId,
      limit: page.per_page,
      offset: (page.page - 1) * page.per_page,
    }),
    repo.countPriceChanges(deps.db, auth.organisationId, userId),
  ]);
  return { rows: rows.map(presentPriceChange), total };
}
