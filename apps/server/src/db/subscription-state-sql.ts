// The domain's subscriptionState (packages/domain/src/subscription-state.ts) as SQL, for the places that
// must filter or count by state inside the database (the members list's state filter, the dashboard's
// figures over 100,000 members). One copy of the mirror: members-state.test.ts checks it against the
// domain on random rows.
import { type SQL, sql } from 'drizzle-orm';

/** The state's inputs as SQL expressions; by default the columns of the subscription row `s`. */
export interface StateInputsSql {
  /** Null when there is no subscription (a left join found none): the state is then null. */
  id: SQL;
  startDate: SQL;
  /** An instant; the pause counts from its Auckland date (the row keeps it only while the pause runs). */
  pausedAt: SQL;
  cancelledAt: SQL;
  gracePeriodEndsAt: SQL;
  upcomingState: SQL;
}

const rowInputs: StateInputsSql = {
  id: sql`s.id`,
  startDate: sql`s.start_date`,
  pausedAt: sql`s.paused_at`,
  cancelledAt: sql`s.cancelled_at`,
  gracePeriodEndsAt: sql`s.grace_period_ends_at`,
  upcomingState: sql`s.upcoming_state`,
};

/**
 * The state ('cancelled', 'paused', 'grace', 'upcoming', 'active', or null without a subscription) on
 * `today` (an Auckland date as text, or an SQL date expression), read the way subscriptionState does.
 */
export function subscriptionStateSql(today: string | SQL, inputs: StateInputsSql = rowInputs): SQL {
  const day = typeof today === 'string' ? sql`${today}::date` : today;
  const s = inputs;
  return sql`case
    when ${s.id} is null then null
    when ${s.cancelledAt} is not null then 'cancelled'
    when ${s.pausedAt} is not null and (${s.pausedAt} at time zone 'Pacific/Auckland')::date <= ${day} then 'paused'
    when ${s.gracePeriodEndsAt} is not null then 'grace'
    when (${s.upcomingState} is not null and ${s.upcomingState} <> '') or ${s.startDate} > ${day} then 'upcoming'
    else 'active' end`;
}

/** The derived state of the subscription row `s` on `today`, for the members list's state filter. */
export const stateSql = (today: string) => subscriptionStateSql(today);
