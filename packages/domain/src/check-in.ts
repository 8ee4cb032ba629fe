// Whether the door would let a member in, and if not why: the front desk's answer (issue 26). Entitled
// exactly when the door sync grants access (`hasDoorAccess`, one rule for both); the reason names the
// state that keeps them out, in the order staff would explain it.
import { hasDoorAccess, type SubscriptionStateInput, subscriptionFlags } from './subscription-state';

export const CHECK_IN_REFUSALS = ['no_membership', 'cancelled', 'paused', 'not_started'] as const;
export type CheckInRefusal = (typeof CHECK_IN_REFUSALS)[number];

/** Plain words for each refusal, for the desk screen, the visits list and the activity log. */
export const CHECK_IN_REFUSAL_LABELS: Record<CheckInRefusal, string> = {
  no_membership: 'No membership',
  cancelled: 'Membership cancelled',
  paused: 'Membership paused',
  not_started: 'Membership not started yet',
};

export type DoorDecision = { allowed: true; reason: null } | { allowed: false; reason: CheckInRefusal };

export function doorDecision(sub: SubscriptionStateInput | null, now: Date): DoorDecision {
  if (sub === null) return { allowed: false, reason: 'no_membership' };
  if (hasDoorAccess(sub, now)) return { allowed: true, reason: null };
  const flags = subscriptionFlags(sub, now);
  if (flags.cancelled) return { allowed: false, reason: 'cancelled' };
  if (flags.paused) return { allowed: false, reason: 'paused' };
  return { allowed: false, reason: 'not_started' };
}

export const isCheckInRefusal = (value: unknown): value is CheckInRefusal =>
  typeof value === 'string' && (CHECK_IN_REFUSALS as readonly string[]).includes(value);
