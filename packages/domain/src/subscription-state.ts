// Payment and subscription states and the member card colour (spec section 4), as functions of `now`.
import { type CalendarDate, isCalendarDate, toCalendarDate } from './calendar-date';
import { formatDate } from './format';

/** An instant as the server holds it (Date) or as JSON carries it (ISO text). */
export type Instant = Date | string;
/** A business date, or an instant standing for its Auckland date. */
export type DateLike = CalendarDate | Instant;

export type PaymentStatusClass = 'successful' | 'upcoming' | 'pending' | 'failed';

/** sent = successful; upcoming; pending_request = neither yet; any other status is a failure. */
export function classifyPaymentStatus(status: string): PaymentStatusClass {
  switch (status) {
    case 'sent':
      return 'successful';
    case 'upcoming':
      return 'upcoming';
    case 'pending_request':
      return 'pending';
    default:
      return 'failed';
  }
}

export const isPaymentSuccessful = (status: string) => classifyPaymentStatus(status) === 'successful';
export const isPaymentFailed = (status: string) => classifyPaymentStatus(status) === 'failed';

export interface SubscriptionStateInput {
  startDate?: DateLike | null;
  currentPeriodStart?: DateLike | null;
  /** Exclusive end of the paid period: the renewal date. */
  currentPeriodEnd?: DateLike | null;
  /** When a cancelled membership's access ends, if set; otherwise the renewal date is used. */
  endsAt?: DateLike | null;
  pauseStartAt?: DateLike | null;
  /** First day back (exclusive); null while a pause is open-ended. */
  pauseEndAt?: DateLike | null;
  cancelledAt?: Instant | null;
  gracePeriodEndsAt?: DateLike | null;
  upcomingState?: string | null;
  undoCancellationUntil?: Instant | null;
  isTermMembership?: boolean | null;
  termEndsAt?: DateLike | null;
}

export type SubscriptionState = 'cancelled' | 'paused' | 'grace' | 'upcoming' | 'active';
export type CardColour = 'green' | 'amber' | 'red';

export interface SubscriptionFlags {
  paused: boolean;
  cancelled: boolean;
  grace: boolean;
  upcoming: boolean;
  active: boolean;
}

function toInstant(value: Instant): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an instant: ${String(value)}`);
  return date;
}

function toDate(value: DateLike): CalendarDate {
  return typeof value === 'string' && isCalendarDate(value) ? value : toCalendarDate(toInstant(value));
}

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

export function subscriptionFlags(sub: SubscriptionStateInput, now: Date): SubscriptionFlags {
  const today = toCalendarDate(now);
  const cancelled = present(sub.cancelledAt);
  // Paused once the pause's first day has come, until its first day back.
  const paused =
    present(sub.pauseStartAt) &&
    toDate(sub.pauseStartAt) <= today &&
    (!present(sub.pauseEndAt) || today < toDate(sub.pauseEndAt));
  const grace = present(sub.gracePeriodEndsAt);
  const upcoming =
    (present(sub.upcomingState) && sub.upcomingState !== '' && !cancelled) ||
    (present(sub.startDate) && toDate(sub.startDate) > today);
  return { paused, cancelled, grace, upcoming, active: !(paused || cancelled || grace || upcoming) };
}

/** One state for a badge; when several hold, the one that matters most to staff wins. */
export function subscriptionState(sub: SubscriptionStateInput, now: Date): SubscriptionState {
  const flags = subscriptionFlags(sub, now);
  if (flags.cancelled) return 'cancelled';
  if (flags.paused) return 'paused';
  if (flags.grace) return 'grace';
  if (flags.upcoming) return 'upcoming';
  return 'active';
}

/** A cancelled membership still inside the period it paid for, after its start (access continues). */
function insidePaidPeriod(sub: SubscriptionStateInput, today: CalendarDate): boolean {
  const started = sub.startDate ?? sub.currentPeriodStart;
  const accessEnd = sub.endsAt ?? sub.currentPeriodEnd;
  if (!present(started) || !present(accessEnd)) return false;
  return toDate(started) <= today && today < toDate(accessEnd);
}

/**
 * Green: no grace, not cancelled, not upcoming, not paused; or cancelled but still inside the paid
 * period after start with no upcoming state. Amber: paused, in grace without cancellation, or upcoming.
 * Red: cancelled and past the renewal date, or cancelled while in grace.
 */
export function cardColour(sub: SubscriptionStateInput, now: Date): CardColour {
  const flags = subscriptionFlags(sub, now);
  if (flags.cancelled) {
    if (flags.grace) return 'red';
    const noUpcomingState = !present(sub.upcomingState) || sub.upcomingState === '';
    return noUpcomingState && insidePaidPeriod(sub, toCalendarDate(now)) ? 'green' : 'red';
  }
  if (flags.paused || flags.grace || flags.upcoming) return 'amber';
  return 'green';
}

/** Whether door access should be on: exactly when the card is green or amber-for-grace. */
export function hasDoorAccess(sub: SubscriptionStateInput, now: Date): boolean {
  const flags = subscriptionFlags(sub, now);
  if (cardColour(sub, now) === 'green') return true;
  // In grace the member keeps access (BILLING.md); paused or not yet started, they do not.
  return flags.grace && !flags.cancelled && !flags.paused && !flags.upcoming;
}

/** A cancellation can be undone while now is before undo_cancellation_until. */
export function canUndoCancellation(sub: SubscriptionStateInput, now: Date): boolean {
  if (!present(sub.cancelledAt) || !present(sub.undoCancellationUntil)) return false;
  return now.getTime() < toInstant(sub.undoCancellationUntil).getTime();
}

export interface MembershipType {
  kind: 'flexi' | 'term';
  label: 'Flexi Membership' | 'Initial term';
  /** The date the member is committed until (term_ends_at), for a term membership still in its term. */
  commitmentDate: CalendarDate | null;
}

/** 'Initial term' while a term membership is inside its term, otherwise 'Flexi Membership'. */
export function membershipType(sub: SubscriptionStateInput, now: Date): MembershipType {
  if (sub.isTermMembership && present(sub.termEndsAt)) {
    const termEnds = toDate(sub.termEndsAt);
    if (toCalendarDate(now) < termEnds)
      return { kind: 'term', label: 'Initial term', commitmentDate: termEnds };
  }
  return { kind: 'flexi', label: 'Flexi Membership', commitmentDate: null };
}

/** 'Flexi Membership' or 'Initial term until 5 Mar 2026'. */
export function membershipTypeLabel(sub: SubscriptionStateInput, now: Date): string {
  const type = membershipType(sub, now);
  return type.commitmentDate === null ? type.label : `${type.label} until ${formatDate(type.commitmentDate)}`;
}
