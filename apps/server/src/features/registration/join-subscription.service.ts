// The membership a member confirms on the join site: what it will cost (the billing engine's own plan of
// the first charge, by the domain's rules), choosing how to pay, and confirming, which makes the
// subscription live and charges its first payment through the billing engine in one step.

import {
  type FirstPayment,
  firstPaymentFailureText,
  type JoinSubscription,
  joinLogoUrl,
} from '@gym/domain/api/registration';
import {
  type BillingFrequency,
  billingFrequencyLabel,
  isBillingFrequency,
  isRecurring,
} from '@gym/domain/billing-frequency';
import { anchorDayFor, plannedCharges } from '@gym/domain/billing-schedule';
import { type CalendarDate, maxDate, todayInAuckland } from '@gym/domain/calendar-date';
import { surchargeForPaymentType } from '@gym/domain/charge-amount';
import { formatDate } from '@gym/domain/format';
import { formatMoney } from '@gym/domain/money';
import { DECLINED_METHOD_REFUSED, isOfferedAgain, savedMethodLabel } from '@gym/domain/payment-method';
import { proRata } from '@gym/domain/pro-rata';
import { coolingOffEndDate, formatTerm, termEndDate, termOf } from '@gym/domain/term';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { appendActivity } from '../../db/activity';
import { notFound, validationError } from '../../http/app-error';
import { chargeFirstPayment, drainMembershipOutbox, repriceUnpaidCharges, transition } from '../billing';
import { paymentTypesOf } from '../payments';
import { gymAppLink } from './branch-link';
import * as repo from './registration.repository';
import { checkAge } from './registration.service';

const CHOOSE_MEMBERSHIP = 'Choose a membership first.';

/**
 * The membership's start: once confirmed, its own; before, the date confirming now would give it. A
 * start date staff set stands, and one already past (the join site's own is the day the member
 * registered) becomes the confirmation day (BILLING.md "A start date set by staff stands").
 */
const startOf = (startDate: string, staging: boolean, today: CalendarDate): CalendarDate =>
  staging ? maxDate(startDate as CalendarDate, today) : (startDate as CalendarDate);
const CHOOSE_PAYMENT = 'Choose how to pay first';

/**
 * The first charge as the billing engine's plan makes it for this way of paying; with the member's fixed
 * billing date, the days from the start up to it, pro-rata (the confirm anchors the membership on it).
 */
function plannedFirstPayment(
  d: repo.SubscriptionDetail,
  paymentType: string,
  startDate: CalendarDate,
  billingDate: CalendarDate | null,
): FirstPayment {
  const frequency = d.billing_frequency as BillingFrequency;
  const term = termOf(d);
  const termEndsAt = term ? termEndDate(startDate, term) : null;
  const [first] = plannedCharges(
    {
      frequency,
      anchorDay: anchorDayFor({ frequency, startDate, billingDate }),
      startDate,
      currentPeriodStart: null,
      currentPeriodEnd: null,
      endsAt: null,
      termEndsAt,
      billingDate,
    },
    {
      priceAmount: d.amount,
      forcePriceAmount: null,
      transition: null,
      paymentType,
      cardSurchargeBasisPoints: d.card_surcharge_basis_points,
      joiningFee: d.joining_fee,
    },
    startDate,
  );
  const amount = first?.amount ?? d.amount + d.joining_fee;
  const surcharge = first?.surcharge ?? 0;
  const end = first?.period.end ?? null;
  return presentFirstPayment(frequency, startDate, end, amount, surcharge, d.joining_fee, d.amount, {
    proRata: first?.proRata ?? false,
  });
}

function presentFirstPayment(
  frequency: BillingFrequency,
  start: CalendarDate,
  end: CalendarDate | null,
  amount: number,
  surcharge: number,
  joiningFee: number,
  priceAmount: number,
  options: { proRata: boolean },
): FirstPayment {
  // The first period starts on the start date (the domain's pro-rata of it is the whole period), or runs
  // to the member's fixed billing date (the days up to it, of the period that ends on it).
  const explanation =
    end !== null && isRecurring(frequency)
      ? proRata(
          options.proRata
            ? { amount: priceAmount, frequency, startDate: start, periodEnd: end }
            : { amount: priceAmount, frequency, startDate: start, periodStart: start, periodEnd: end },
        ).explanation
      : `${formatMoney(priceAmount)} once, from ${formatDate(start)}`;
  return {
    period_start: start,
    period_end: end,
    amount,
    formatted_amount: formatMoney(amount),
    joining_fee: joiningFee,
    formatted_joining_fee: formatMoney(joiningFee),
    surcharge,
    formatted_surcharge: formatMoney(surcharge),
    total: amount + surcharge,
    formatted_total: formatMoney(amount + surcharge),
    explanation,
  };
}

/** The member's way to pay by its one name ('Visa ending 4242'), as every page shows it. */
export const methodLabel = (m: repo.PaymentMethodRow): string => savedMethodLabel(m);

async function currentOrThrow(deps: AppDeps, auth: AuthContext) {
  const sub = await repo.currentSubscription(deps.db, auth.organisationId, auth.user.id);
  const detail = sub ? await repo.subscriptionDetail(deps.db, auth.organisationId, sub.id) : null;
  if (!sub || !detail) throw notFound(CHOOSE_MEMBERSHIP);
  return { sub, detail };
}

/** GET /api/me/active-subscription: everything the confirm and welcome screens show. */
export async function activeSubscription(deps: AppDeps, auth: AuthContext): Promise<JoinSubscription> {
  const { sub, detail: d } = await currentOrThrow(deps, auth);
  const methods = await repo.paymentMethods(deps.db, auth.organisationId, auth.user.id);
  const member = await repo.lockMember(deps.db, auth.organisationId, auth.user.id);
  const methodId = sub.paymentTypeId ?? member?.defaultPaymentTypeId ?? null;
  const method = methods.find((m) => m.id === methodId) ?? null;
  const charge = d.current_period_start ? await repo.firstChargeOf(deps.db, auth.organisationId, d.id) : null;
  const frequency = (
    isBillingFrequency(d.billing_frequency) ? d.billing_frequency : 'monthly'
  ) as BillingFrequency;
  const start = startOf(d.start_date, d.is_staging, todayInAuckland(deps.clock.now()));
  const first = charge
    ? presentFirstPayment(
        frequency,
        charge.period_start as CalendarDate,
        charge.period_end as CalendarDate | null,
        charge.amount,
        charge.surcharge,
        charge.joining_fee ?? 0,
        d.amount,
        { proRata: charge.is_pro_rata },
      )
    : plannedFirstPayment(
        d,
        method?.type ?? 'bank_account',
        start,
        (member?.billingDate ?? null) as CalendarDate | null,
      );
  const term = termOf(d);
  const status: JoinSubscription['status'] = d.is_staging
    ? 'to_confirm'
    : charge?.status === 'paid'
      ? 'active'
      : charge?.attempt_status === 'pending_request' || charge?.attempt_status === 'upcoming'
        ? 'payment_pending'
        : charge
          ? 'payment_failed'
          : 'payment_pending';
  return {
    id: d.id,
    status,
    gym: {
      id: d.gym_id,
      name: d.gym_name,
      takes_cards: d.takes_cards,
      logo_url: joinLogoUrl(d.gym_uuid, d.logo_version),
    },
    offering: { id: d.offering_id, name: d.offering_name },
    price: {
      id: d.price_id,
      amount: d.amount,
      formatted_amount: formatMoney(d.amount),
      billing_frequency: d.billing_frequency,
      frequency_label: billingFrequencyLabel(frequency),
    },
    start_date: start,
    formatted_start_date: formatDate(start),
    first_payment: first,
    payment_method: method ? { id: method.id, type: method.type, label: methodLabel(method) } : null,
    term_text: term
      ? `This is a ${formatTerm(term)} membership: you agree to stay until ${formatDate(termEndDate(start, term))}. Leaving earlier costs a break fee of ${(d.break_fee_basis_points / 100).toString()}% of what is left of the term.`
      : null,
    cooling_off_text: term
      ? `Changed your mind? You can cancel with a refund of unused days, and no break fee, until ${formatDate(coolingOffEndDate(start))}.`
      : null,
    card_surcharge_text:
      d.general_card_surcharge_text ??
      (d.card_surcharge_basis_points > 0
        ? `Card payments carry a ${(d.card_surcharge_basis_points / 100).toString()}% surcharge; bank payments carry none.`
        : null),
    last_attempt: charge?.attempt_status
      ? {
          status: charge.attempt_status,
          error_status: charge.error_status,
          message:
            status === 'payment_failed'
              ? firstPaymentFailureText(charge.error_status, charge.error_description)
              : null,
        }
      : null,
    door_access_text: `Your door access at ${d.gym_name} starts once your first payment has gone through. The front desk can help you on your first visit.`,
    app_link:
      d.branch_key && !d.is_staging
        ? await gymAppLink(deps, { name: d.gym_name, uuid: d.gym_uuid, branchKey: d.branch_key }, auth.user)
        : null,
  };
}

/**
 * GET /api/surcharge-total: the first payment by this way of paying, before choosing it. Once the first
 * charge is made and still unpaid (a declined card), that charge as the next confirm would charge it by
 * this way of paying (the billing engine re-prices it with the same domain rule).
 */
export async function surchargeTotal(deps: AppDeps, auth: AuthContext, paymentType: string) {
  const { detail } = await currentOrThrow(deps, auth);
  const start = startOf(detail.start_date, detail.is_staging, todayInAuckland(deps.clock.now()));
  const charge = detail.current_period_start
    ? await repo.firstChargeOf(deps.db, auth.organisationId, detail.id)
    : null;
  if (!charge) {
    const member = await repo.lockMember(deps.db, auth.organisationId, auth.user.id);
    const billingDate = (member?.billingDate ?? null) as CalendarDate | null;
    return { ...plannedFirstPayment(detail, paymentType, start, billingDate), payment_type: paymentType };
  }
  const surcharge =
    charge.status === 'unpaid'
      ? surchargeForPaymentType({
          amount: charge.amount,
          surcharge: charge.surcharge,
          paymentType,
          cardSurchargeBasisPoints: detail.card_surcharge_basis_points,
        })
      : charge.surcharge;
  const frequency = (
    isBillingFrequency(detail.billing_frequency) ? detail.billing_frequency : 'monthly'
  ) as BillingFrequency;
  return {
    ...presentFirstPayment(
      frequency,
      charge.period_start as CalendarDate,
      charge.period_end as CalendarDate | null,
      charge.amount,
      surcharge,
      charge.joining_fee ?? 0,
      detail.amount,
      { proRata: charge.is_pro_rata },
    ),
    payment_type: paymentType,
  };
}

/** POST /api/me/payment-types/{id}/switch: the member pays by this method from now on. */
export async function switchPaymentType(deps: AppDeps, auth: AuthContext, paymentTypeId: number) {
  const methods = await repo.paymentMethods(deps.db, auth.organisationId, auth.user.id);
  const method = methods.find((m) => m.id === paymentTypeId);
  if (!method) throw notFound('Payment method not found.');
  // A way to pay declined when the member confirmed is not offered again, and not taken when asked for.
  const offered = await offeredMethodIds(deps, auth);
  if (!offered.has(method.id)) throw validationError({ payment_type: [DECLINED_METHOD_REFUSED] });
  await useMethod(deps, auth, method.id);
  return { id: method.id, type: method.type, label: methodLabel(method) };
}

/** The member's ways to pay that are offered to pay with (payment-method.ts isOfferedAgain). */
export async function offeredMethodIds(deps: Pick<AppDeps, 'db'>, auth: AuthContext): Promise<Set<number>> {
  const types = await paymentTypesOf(deps.db, auth.organisationId, [
    { id: auth.user.id, defaultPaymentTypeId: null },
  ]);
  return new Set((types.get(auth.user.id) ?? []).filter(isOfferedAgain).map((t) => t.id));
}

/** Makes a payment method the member's default and their membership's. */
export async function useMethod(deps: AppDeps, auth: AuthContext, paymentTypeId: number) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await repo.lockMember(tx, auth.organisationId, auth.user.id);
    await repo.updateMember(tx, auth.organisationId, auth.user.id, {
      defaultPaymentTypeId: paymentTypeId,
      updatedAt: now,
    });
    const sub = await repo.currentSubscription(tx, auth.organisationId, auth.user.id);
    if (sub) {
      await repo.updateSubscription(tx, auth.organisationId, sub.id, { paymentTypeId, updatedAt: now });
      // An unpaid first payment (a declined card) is priced for this method at once, so the confirm
      // screen and the surcharge total show what the next confirm charges.
      await repriceUnpaidCharges(tx, {
        organisationId: auth.organisationId,
        subscriptionId: sub.id,
        actorUserId: auth.user.id,
        now,
      });
    }
    await appendActivity(tx, {
      organisationId: auth.organisationId,
      actorUserId: auth.user.id,
      userId: auth.user.id,
      subjectType: 'user',
      subjectId: auth.user.id,
      action: 'member.payment_type_switched',
      data: { payment_type_id: paymentTypeId, subscription_id: sub?.id ?? null },
      createdAt: now,
    });
  });
}

/**
 * POST /api/subscriptions: confirm. The staging membership becomes live (start today, its term and
 * cooling-off dated) and its first payment is charged by the billing engine, in one transaction with
 * the confirm key; the same key again answers the same attempt. A declined first payment is a 422 in
 * plain words; the membership stays, so another method and a new confirm pay the same charge.
 */
export async function confirmSubscription(
  deps: AppDeps,
  auth: AuthContext,
  confirmKey: string,
  requestId: string,
): Promise<JoinSubscription> {
  const { sub, detail } = await currentOrThrow(deps, auth);
  const member = await repo.lockMember(deps.db, auth.organisationId, auth.user.id);
  const methodId = sub.paymentTypeId ?? member?.defaultPaymentTypeId ?? null;
  const methods = await repo.paymentMethods(deps.db, auth.organisationId, auth.user.id);
  const method = methods.find((m) => m.id === methodId);
  if (!method) throw validationError({ payment_method: [CHOOSE_PAYMENT] });
  if (method.type === 'stripe_card' && method.gym_id !== detail.gym_id) {
    throw validationError({ payment_method: ['This card was saved for another gym. Add your card again.'] });
  }
  const today = todayInAuckland(deps.clock.now());
  const bypass = await repo.ageGateOf(deps.db, auth.organisationId, auth.user.id, sub.privatePriceLinkId);
  if (bypass)
    checkAge({
      dob: (auth.user.dob ?? null) as CalendarDate | null,
      today,
      minimumAge: bypass.minimum_age,
      ageBypass: bypass.bypass,
    });

  const now = deps.clock.now();
  const attempt = await chargeFirstPayment(
    deps,
    {
      organisationId: auth.organisationId,
      subscriptionId: sub.id,
      confirmKey,
      actorUserId: auth.user.id,
    },
    async (tx) => {
      await repo.lockMember(tx, auth.organisationId, auth.user.id);
      const live = await repo.lockSubscriptionStaging(tx, auth.organisationId, sub.id);
      await repo.updateSubscription(tx, auth.organisationId, sub.id, {
        paymentTypeId: method.id,
        updatedAt: now,
      });
      if (!live?.is_staging) return;
      const start = startOf(sub.startDate, true, today);
      const term = termOf(detail);
      await repo.updateMember(tx, auth.organisationId, auth.user.id, {
        defaultPaymentTypeId: method.id,
        startDate: start,
        updatedAt: now,
      });
      await transition(tx, {
        kind: 'created',
        organisationId: auth.organisationId,
        subscriptionId: sub.id,
        userId: auth.user.id,
        now,
        actorUserId: auth.user.id,
        requestId,
        set: {
          isStaging: false,
          startDate: start,
          // With a fixed billing date the first charge runs pro-rata to it and full periods follow from
          // its day (the billing engine plans the first charge by the same rule).
          anchorDay: anchorDayFor({
            frequency: detail.billing_frequency as BillingFrequency,
            startDate: start,
            billingDate: (member?.billingDate ?? null) as CalendarDate | null,
          }),
          isTermMembership: term !== null,
          termEndsAt: term ? termEndDate(start, term) : null,
          coolingPeriodEndsAt: term ? coolingOffEndDate(start) : null,
          // Upcoming until its start date when that is still to come; the first charge then clears it.
          upcomingState: start > today ? 'upcoming' : null,
        },
        data: {
          price_id: detail.price_id,
          amount: detail.amount,
          billing_frequency: detail.billing_frequency,
          start_date: start,
          payment_type: method.type,
          joined_by_self: true,
        },
      });
    },
  );
  // Door access and mail follow the confirm (a card paid now opens the doors today).
  await drainMembershipOutbox(deps, { subscriptionIds: [sub.id] }).catch(() => undefined);
  if (
    attempt &&
    attempt.status !== 'sent' &&
    attempt.status !== 'pending_request' &&
    attempt.status !== 'upcoming'
  ) {
    throw validationError(
      { payment_method: [firstPaymentFailureText(attempt.errorStatus, attempt.errorDescription)] },
      firstPaymentFailureText(attempt.errorStatus, attempt.errorDescription),
    );
  }
  return activeSubscription(deps, auth);
}
