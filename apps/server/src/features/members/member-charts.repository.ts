// The member activity charts' reads (member-charts.routes.ts): the member's successful visits and the
// periods charged over a range of days.
import { type CalendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

export async function visitInstants(
  db: Executor,
  organisationId: number,
  userId: number,
  from: CalendarDate,
  to: CalendarDate,
) {
  const rows = await queryRows<{ visited_at: Date | string }>(
    db,
    sql`select visited_at from visits
        where user_id = ${userId} and organisation_id = ${organisationId} and successful
          and visited_at >= ${startOfDayInstant(from).toISOString()} and visited_at < ${startOfDayInstant(to).toISOString()}`,
  );
  return rows.map((r) => new Date(r.visited_at));
}

interface ChargeRow {
  subscription_id: number;
  period_start: string;
  period_end: string | null;
  amount: number;
  surcharge: number;
  status: string;
  offering: string;
}

export function chargesIn(
  db: Executor,
  organisationId: number,
  userId: number,
  from: CalendarDate,
  to: CalendarDate,
) {
  return queryRows<ChargeRow>(
    db,
    sql`select c.subscription_id::int, c.period_start::text, c.period_end::text, c.amount, c.surcharge, c.status,
          o.name as offering
        from charges c
        join subscriptions s on s.id = c.subscription_id
        join prices p on p.id = s.price_id
        join offerings o on o.id = p.offering_id
        where s.organisation_id = ${organisationId} and s.user_id = ${userId} and c.organisation_id = ${organisationId}
          and c.kind = 'period' and c.period_start < ${to}::date
          and (c.period_end is null or c.period_end > ${from}::date)
        order by c.period_start, c.id`,
  );
}
