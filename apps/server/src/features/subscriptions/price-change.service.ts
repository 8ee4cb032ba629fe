// Scheduled price changes (BILLING.md "Price changes"): staff choose a new price and the date it takes
// effect (default the end of the current period); the subscription's transition_to_price and
// transition_takes_effect_at carry it to the billing engine (`chargeAmount`, `plannedCharges`), a
// price_changes row keeps it in the member's history, and the engine's mail run sends the notice
// (`priceChangeNotice`, replying to the gym's address) that the preview here renders the same way.
import type { SchedulePriceChangeBody } from '@gym/domain/api/subscriptions-requests';
import { isBillingFrequency } from '@gym/domain/billing-frequency';
import { frequencyChangeProblem, type ScheduleInput } from '@gym/domain/billing-schedule';
import { type CalendarDate, todayInAuckland } from '@gym/domain/calendar-date';
import { priceInEffect } from '@gym/domain/charge-amount';
import { formatDate } from '@gym/domain/format';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import type { AuthContext } from '../../auth/guard';
import type { Executor } from '../../db/client';
import { conflict, forbidden, notFound, validationError } from '../../http/app-error';
import { priceChangeNotice, transition } from '../billing';
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

/**
 * The new price, checked for this subscription: this organisation's, live, at its gym. Another billing
 * frequency is fine between recurring prices (frequencyChangeProblem checks its date).
 */
async function targetPrice(db: Executor, sub: SubscriptionRow, priceId: number, field = 'price_id') {
  const price = await repo.findPriceForGym(db, sub.organisation_id, priceId, sub.gym_id);
  if (!price) throw validationError({ [field]: [CHOOSE_A_PRICE] });
  if (price.archived) throw validationError({ [field]: [PRICE_ARCHIVED] });
  if (!price.at_gym) throw validationError({ [field]: [PRICE_NOT_AT_GYM] });
  return price;
}

/** The date the change takes effect: the one given, or the end of the current period; checked. */
function effectiveDate(sub: SubscriptionRow, given: CalendarDate | null, today: CalendarDate) {
  assertConfirmed(sub);
  const date = given ?? sub.current_period_end ?? sub.start_date;
  if (date <= today) throw validationError({ takes_effect_at: [TAKES_EFFECT_AFTER_TODAY] });
  if (sub.cancelled_at !== null) throw conflict('This membership is cancelled; its price cannot change.');
  if (sub.ends_at !== null && date >= sub.ends_at)
    throw conflict(`This membership ends on ${formatDate(sub.ends_at)}, before the change takes effect.`);
  return date;
}

/** The membership's billing schedule as it stands, without any change waiting (which this replaces). */
export function scheduleOf(sub: {
  billing_frequency: string;
  anchor_day: number;
  start_date: CalendarDate;
  current_period_start: CalendarDate | null;
  current_period_end: CalendarDate | null;
  ends_at: CalendarDate | null;
  term_ends_at: CalendarDate | null;
}): ScheduleInput | null {
  if (!isBillingFrequency(sub.billing_frequency)) return null;
  return {
    frequency: sub.billing_frequency,
    anchorDay: sub.anchor_day,
    startDate: sub.start_date,
    currentPeriodStart: sub.current_period_start,
    currentPeriodEnd: sub.current_period_end,
    endsAt: sub.ends_at,
    termEndsAt: sub.term_ends_at,
  };
}

/**
 * A change to a price of another billing frequency (BILLING.md "Price changes"): only between recurring
 * prices, and on a day a period of the current frequency starts, so the paid period runs to its end and
 * the new frequency starts, anchored, on the change date. Field messages name the next such day.
 */
function checkFrequencyChange(
  sub: SubscriptionRow,
  price: repo.TargetPrice,
  takesEffectAt: CalendarDate,
  field = 'price_id',
) {
  const schedule = scheduleOf(sub);
  if (schedule === null || !isBillingFrequency(price.billing_frequency)) return;
  const problem = frequencyChangeProblem(schedule, price.billing_frequency, takesEffectAt);
  if (problem === null) return;
  throw validationError(
    problem.problem === 'one_off' ? { [field]: [problem.message] } : { takes_effect_at: [problem.message] },
  );
}

/** The checked change: the new price and its date. */
export async function checkedChange(
  db: Executor,
  sub: SubscriptionRow,
  input: { priceId: number; takesEffectAt: CalendarDate | null; today: CalendarDate; field?: string },
) {
  const takesEffectAt = effectiveDate(sub, input.takesEffectAt, input.today);
  const price = await targetPrice(db, sub, input.priceId, input.field);
  checkFrequencyChange(sub, price, takesEffectAt, input.field);
  return { price, takesEffectAt };
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
    const { price, takesEffectAt } = await checkedChange(tx, sub, {
      priceId: body.price_id,
      takesEffectAt: body.takes_effect_at,
      today: todayInAuckland(now),
    });
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
  const { price, takesEffectAt } = await checkedChange(deps.db, sub, {
    priceId: body.price_id,
    takesEffectAt: body.takes_effect_at,
    today: todayInAuckland(deps.clock.now()),
  });
  return renderNotice(deps.db, sub, price, takesEffectAt);
}

export async function renderNotice(
  db: Executor,
  sub: SubscriptionRow,
  price: repo.TargetPrice,
  takesEffectAt: CalendarDate,
) {
  const mail = await priceChangeNotice(db, {
    organisationId: sub.organisation_id,
    name: sub.user_name,
    gymName: sub.gym_name,
    fromPriceId: sub.price_id,
    toPriceId: price.id,
    fromAmount: amountBefore(sub, takesEffectAt),
    toAmount: price.amount,
    takesEffectAt,
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
