// A member as the front desk sees them: photo, membership state in its card colour, what they owe and
// what the door would do now (`doorDecision`, the door sync's own rule).
import type { CheckInMember } from '@gym/domain/api/check-in';
import type { CalendarDate } from '@gym/domain/calendar-date';
import { CHECK_IN_REFUSAL_LABELS, doorDecision } from '@gym/domain/check-in';
import { formatMoney } from '@gym/domain/money';
import { cardColour, type SubscriptionStateInput, subscriptionState } from '@gym/domain/subscription-state';
import { iso } from '../../http/instants';
import type { DeskRow } from './check-in.repository';

/** The row read the way the billing engine's door sync reads it (access-control/door-access.service.ts). */
function stateInput(row: DeskRow): SubscriptionStateInput {
  return {
    startDate: row.start_date as CalendarDate | null,
    currentPeriodStart: row.current_period_start as CalendarDate | null,
    currentPeriodEnd: row.current_period_end as CalendarDate | null,
    endsAt: row.ends_at as CalendarDate | null,
    pauseStartAt: row.paused_at,
    cancelledAt: row.cancelled_at,
    gracePeriodEndsAt: row.grace_period_ends_at as CalendarDate | null,
    upcomingState: row.upcoming_state,
  };
}

export function presentDeskMember(row: DeskRow, now: Date): CheckInMember {
  const input = row.subscription_id === null ? null : stateInput(row);
  const door = doorDecision(input, now);
  const owing = Number(row.balance_owing ?? 0);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    mobile_number: row.mobile_number,
    profile_picture: row.profile_picture_path ? `/api/users/${row.id}/profile-picture` : null,
    tags: row.tags ?? [],
    home_gym: row.home_gym_id !== null ? { id: row.home_gym_id, name: row.home_gym_name ?? '' } : null,
    last_visit_at: row.last_visit_at === null ? null : iso(row.last_visit_at),
    subscription:
      input === null || row.subscription_id === null
        ? null
        : {
            id: row.subscription_id,
            offering_name: row.offering_name ?? '',
            state: subscriptionState(input, now),
            card_colour: cardColour(input, now),
            balance_owing: owing,
            formatted_balance_owing: formatMoney(owing),
            periods_owing: Number(row.periods_owing ?? 0),
          },
    door: {
      allowed: door.allowed,
      reason: door.reason,
      reason_label: door.reason === null ? null : CHECK_IN_REFUSAL_LABELS[door.reason],
    },
  };
}
