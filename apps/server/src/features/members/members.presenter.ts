// The Member and Subscription entities of the specification (section 3) as the API answers them; every
// derived value (state, card colour, membership label, term label) comes from packages/domain.
import type {
  AccessCredential,
  Member,
  MemberListItem,
  MemberPrice,
  MemberSubscription,
  PaymentType,
} from '@gym/domain/api/members';
import { type BillingFrequency, isBillingFrequency } from '@gym/domain/billing-frequency';
import {
  BILLING_DATE_CHANGE_PROBLEMS,
  type BillingDateChangeProblem,
  type BillingDateMembership,
  billingDateLock,
} from '@gym/domain/billing-schedule';
import { type CalendarDate, toCalendarDate } from '@gym/domain/calendar-date';
import { confidenceLabel, hearAboutUsLabel } from '@gym/domain/member-answers';
import { formatMoney } from '@gym/domain/money';
import { pauseDaysRemaining } from '@gym/domain/pause-credit';
import {
  canUndoCancellation,
  cardColour,
  classifyPaymentStatus,
  membershipType,
  type SubscriptionStateInput,
  subscriptionState,
} from '@gym/domain/subscription-state';
import { formatTerm, isWithinTerm, shortTermLabel, termOf } from '@gym/domain/term';
import { iso, isoOrNull } from '../../http/instants';
import type {
  MemberRow,
  PaymentSummaryRow,
  PriceRow,
  SubscriptionExtras,
  SubscriptionRow,
} from './members.repository';
import type { MemberListRow } from './members-list.repository';

const dateOnly = (value: string | null) => (value === null ? null : value.slice(0, 10));
const pictureOf = (id: number, path: string | null) => (path ? `/api/users/${id}/profile-picture` : null);

/** The row read the way the billing engine's door sync reads it (access-control/door-access.service.ts). */
export function stateInput(row: {
  start_date: string | null;
  current_period_start: string | null;
  current_period_end: string | null;
  ends_at: string | null;
  paused_at: Date | string | null;
  cancelled_at: Date | string | null;
  grace_period_ends_at: string | null;
  upcoming_state: string | null;
  undo_cancellation_until?: Date | string | null;
  is_term_membership?: boolean;
  term_ends_at?: string | null;
}): SubscriptionStateInput {
  return {
    startDate: row.start_date as CalendarDate | null,
    currentPeriodStart: row.current_period_start as CalendarDate | null,
    currentPeriodEnd: row.current_period_end as CalendarDate | null,
    endsAt: row.ends_at as CalendarDate | null,
    pauseStartAt: row.paused_at,
    cancelledAt: row.cancelled_at,
    gracePeriodEndsAt: row.grace_period_ends_at as CalendarDate | null,
    upcomingState: row.upcoming_state,
    undoCancellationUntil: row.undo_cancellation_until ?? null,
    isTermMembership: row.is_term_membership ?? false,
    termEndsAt: (row.term_ends_at ?? null) as CalendarDate | null,
  };
}

export function presentPrice(price: PriceRow): MemberPrice {
  const term = termOf(price);
  return {
    id: Number(price.id),
    amount: price.amount,
    formatted_amount: formatMoney(price.amount),
    billing_frequency: price.billing_frequency as BillingFrequency,
    joining_fee: price.joining_fee,
    term_amount: price.term_amount,
    term_unit: price.term_unit,
    is_term_membership: term !== null,
    formatted_term: term && formatTerm(term),
    offering: { id: Number(price.offering_id), name: price.offering_name },
  };
}

const presentPaymentSummary = (p: PaymentSummaryRow) => ({
  id: Number(p.id),
  amount: p.amount,
  formatted_amount: formatMoney(p.amount),
  surcharge: Number(p.surcharge ?? 0),
  formatted_surcharge: formatMoney(Number(p.surcharge ?? 0)),
  total: p.amount + Number(p.surcharge ?? 0),
  formatted_total: formatMoney(p.amount + Number(p.surcharge ?? 0)),
  status: p.status,
  status_class: classifyPaymentStatus(p.status),
  period_start_at: dateOnly(p.period_start_at),
  created_at: iso(p.created_at),
});

export function presentSubscription(
  row: SubscriptionRow,
  extras: SubscriptionExtras,
  now: Date,
): MemberSubscription {
  const input = stateInput(row);
  const today = toCalendarDate(now);
  // The pause in force or booked next; ended ones are history.
  const pause = extras.pauses.find((p) => !p.ended) ?? null;
  const type = membershipType(input, now);
  const price = presentPrice(row.price);
  const onTermPrice = price.is_term_membership;
  const withinTerm = isWithinTerm(
    { isTermMembership: row.is_term_membership, termEndsAt: row.term_ends_at },
    today,
  );
  return {
    id: row.id,
    user: row.user_id,
    gym: { id: row.gym_id, name: row.gym_name },
    price,
    start_date: row.start_date,
    current_period_start: row.current_period_start,
    current_period_end: row.current_period_end,
    ends_at: row.ends_at,
    paused_at: isoOrNull(row.paused_at),
    cancelled_at: isoOrNull(row.cancelled_at),
    grace_period_ends_at: row.grace_period_ends_at,
    cancellation_reasons: row.cancellation_reasons ?? [],
    cancellation_comments: row.cancellation_comments,
    upcoming_payment: extras.upcoming_charge
      ? {
          due_date: extras.upcoming_charge.due_date,
          amount: extras.upcoming_charge.amount + extras.upcoming_charge.surcharge,
          formatted_amount: formatMoney(extras.upcoming_charge.amount + extras.upcoming_charge.surcharge),
        }
      : null,
    pause_start_at: pause?.start_date ?? null,
    pause_end_at: pause?.end_date ?? null,
    pause_days_credit: row.pause_days_credit,
    pause_days_remaining: pause
      ? pauseDaysRemaining(
          { pauseStart: pause.start_date as CalendarDate, pauseEnd: pause.end_date as CalendarDate },
          today,
        )
      : 0,
    pauses: extras.pauses.map((p) => ({
      id: Number(p.id),
      start_date: p.start_date,
      end_date: p.end_date,
      credit_days: p.credit_days,
    })),
    payments_sum: row.payments_sum,
    formatted_payments_sum: formatMoney(row.payments_sum),
    initial_state: row.initial_state,
    upcoming_state: row.upcoming_state,
    transition_to_date: row.transition_takes_effect_at,
    transition_to_price: row.transition_price ? presentPrice(row.transition_price) : null,
    transition_takes_effect_at: row.transition_takes_effect_at,
    undo_cancellation_until: isoOrNull(row.undo_cancellation_until),
    can_undo_cancellation: canUndoCancellation(input, now),
    force_price_amount: row.force_price_amount,
    is_staging: row.is_staging,
    cooling_period_ends_at: row.cooling_period_ends_at,
    is_term_membership: row.is_term_membership,
    currently_within_term_membership: withinTerm,
    on_term_membership_price: onTermPrice,
    cancelled_during_cooling_off_period: row.cancelled_during_cooling_off_period,
    term_ends_at: row.term_ends_at,
    latest_term_membership:
      row.is_term_membership && row.term_ends_at
        ? { term_ends_at: row.term_ends_at, formatted_term: price.formatted_term }
        : null,
    balance_owing: row.balance_owing,
    formatted_balance_owing: formatMoney(row.balance_owing),
    periods_owing: row.periods_owing,
    version: row.version,
    first_payment: extras.first_payment ? presentPaymentSummary(extras.first_payment) : null,
    payments: extras.payments.map(presentPaymentSummary),
    payments_count: Number(extras.payments_count),
    private_price_link_id: row.private_price_link_id,
    private_price_link:
      row.private_price_link_id !== null && row.private_price_link_token !== null
        ? { id: row.private_price_link_id, token: row.private_price_link_token }
        : null,
    created_at: iso(row.created_at),
    state: subscriptionState(input, now),
    card_colour: cardColour(input, now),
    membership_type: {
      label: type.label,
      commitment_date: type.commitmentDate,
      short_term_label: shortTermLabel(termOf(row.price) ?? { termAmount: null, termUnit: null }),
    },
  };
}

/**
 * A membership as the billing date rules read it (billing-schedule.ts billingDateLock), from the latest
 * subscription's row or answer.
 */
export function billingDateMembership(
  sub: {
    start_date: string;
    is_staging: boolean;
    current_period_start: string | null;
    price: { billing_frequency: string };
  } | null,
): BillingDateMembership | null {
  if (sub === null || !isBillingFrequency(sub.price.billing_frequency)) return null;
  return {
    frequency: sub.price.billing_frequency,
    startDate: sub.start_date as CalendarDate,
    isStaging: sub.is_staging,
    firstChargeMade: sub.current_period_start !== null,
  };
}

const lockedReason = (lock: BillingDateChangeProblem | null) =>
  lock === null ? null : BILLING_DATE_CHANGE_PROBLEMS[lock];

/** The member with what is loaded for them beforehand (membersService memberDetail). */
export function presentMember(
  row: MemberRow,
  subscription: MemberSubscription | null,
  records: { paymentTypes: PaymentType[]; credentials: AccessCredential[] },
): Member {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    mobile_number: row.mobile_number,
    dob: row.dob,
    email_notifications_enabled: row.email_notifications_enabled,
    push_notifications_enabled: row.push_notifications_enabled,
    payment_reminders: row.payment_reminders,
    emergency_contact_name: row.emergency_contact_name,
    emergency_contact_email: row.emergency_contact_email,
    emergency_contact_mobile_number: row.emergency_contact_mobile_number,
    emergency_contact_relationship: row.emergency_contact_relationship,
    address: row.address,
    suburb: row.suburb,
    city: row.city,
    post_code: row.post_code,
    confidence_and_experience: row.confidence_and_experience,
    confidence_and_experience_label: confidenceLabel(row.confidence_and_experience),
    hear_about_us: row.hear_about_us,
    hear_about_us_other: row.hear_about_us_other,
    hear_about_us_label: hearAboutUsLabel(row.hear_about_us, row.hear_about_us_other),
    notes: row.notes,
    tags: row.tags ?? [],
    home_gym: row.home_gym_id !== null ? { id: row.home_gym_id, name: row.home_gym_name ?? '' } : null,
    billing_date: row.billing_date,
    billing_date_locked_reason: lockedReason(billingDateLock(billingDateMembership(subscription))),
    profile_picture: pictureOf(row.id, row.profile_picture_path),
    visits_count: Number(row.visits_count),
    last_visit_at: isoOrNull(row.last_visit_at),
    is_returning_member: row.is_returning_member,
    reauthenticate_akahu: row.reauthenticate_akahu,
    has_akahu_connection: row.has_akahu_connection,
    default_payment_type: row.default_payment_type_id,
    latest_subscription: subscription,
    payment_types: records.paymentTypes,
    access_control_credentials: records.credentials,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    deleted_at: isoOrNull(row.deleted_at),
  };
}

export function presentListItem(row: MemberListRow, now: Date): MemberListItem {
  const subscription =
    row.subscription_id === null || row.price_id === null
      ? null
      : (() => {
          const input = stateInput(row);
          const owing = Number(row.balance_owing ?? 0);
          return {
            id: row.subscription_id,
            state: subscriptionState(input, now),
            card_colour: cardColour(input, now),
            offering: { id: Number(row.offering_id), name: row.offering_name ?? '' },
            price: {
              id: row.price_id,
              amount: Number(row.price_amount),
              formatted_amount: formatMoney(Number(row.price_amount)),
              billing_frequency: row.billing_frequency as BillingFrequency,
            },
            next_payment_date: row.next_payment_date,
            balance_owing: owing,
            formatted_balance_owing: formatMoney(owing),
          };
        })();
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    mobile_number: row.mobile_number,
    profile_picture: pictureOf(row.id, row.profile_picture_path),
    home_gym: row.home_gym_id !== null ? { id: row.home_gym_id, name: row.home_gym_name ?? '' } : null,
    tags: row.tags ?? [],
    created_at: iso(row.created_at),
    last_visit_at: isoOrNull(row.last_visit_at),
    subscription,
  };
}
