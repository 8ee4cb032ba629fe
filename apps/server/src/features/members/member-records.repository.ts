// A member's records for the profile page: payments and visits (most recent first, paginated on their
// user indexes) and the activity log about them (payment methods: ../payments payment-types.ts). One query per page each.
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Row } from '../../db/row-types';
import type { activityLog, payments, visits } from '../../db/schema/index';

interface Page {
  limit: number;
  offset: number;
}

/** A payment with its gym's name and who processed it (null when nobody did), and the window's count. */
export type PaymentRow = Pick<
  Row<typeof payments>,
  | 'id'
  | 'amount'
  | 'surcharge'
  | 'period_start_at'
  | 'period_end_at'
  | 'status'
  | 'type'
  | 'is_retry'
  | 'is_pro_rata'
  | 'error_status'
  | 'error_description'
  | 'gym_id'
  | 'subscription_id'
  | 'created_at'
> & {
  processed_by_id: number | null;
  processed_by_name: string | null;
  gym_name: string;
  total: number;
};

export function memberPayments(db: Executor, organisationId: number, userId: number, page: Page) {
  return queryRows<PaymentRow>(
    db,
    sql`select pa.id::int, pa.amount, pa.surcharge, pa.period_start_at::text, pa.period_end_at::text, pa.status,
          pa.type, pa.is_retry, pa.is_pro_rata, pa.error_status, pa.error_description,
          pb.id::int as processed_by_id, pb.name as processed_by_name, g.id::int as gym_id, g.name as gym_name,
          pa.subscription_id::int, pa.created_at, count(*) over ()::int as total
        from payments pa
        join gyms g on g.id = pa.gym_id
        left join users pb on pb.id = pa.processed_by
        where pa.user_id = ${userId} and pa.organisation_id = ${organisationId}
        order by pa.created_at desc, pa.id desc
        limit ${page.limit} offset ${page.offset}`,
  );
}

/** A visit with its gym's name, and the window's count. */
export type VisitRow = Pick<Row<typeof visits>, 'id' | 'gym_id' | 'visited_at' | 'successful'> & {
  gym_name: string;
  total: number;
};

export function memberVisits(db: Executor, organisationId: number, userId: number, page: Page) {
  return queryRows<VisitRow>(
    db,
    sql`select v.id::int, g.id::int as gym_id, g.name as gym_name, v.visited_at, v.successful,
          count(*) over ()::int as total
        from visits v join gyms g on g.id = v.gym_id
        where v.user_id = ${userId} and v.organisation_id = ${organisationId}
        order by v.visited_at desc, v.id desc
        limit ${page.limit} offset ${page.offset}`,
  );
}

/** Counts for a page asked past its end (the window count came with no row). */
export async function countOf(
  db: Executor,
  table: 'payments' | 'visits' | 'activity_log',
  organisationId: number,
  userId: number,
) {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${sql.raw(table)}
        where user_id = ${userId} and organisation_id = ${organisationId}`,
  );
  return Number(row?.total ?? 0);
}

/** An activity entry with its actor (null when the system acted), and the window's count. */
export type ActivityRow = Pick<
  Row<typeof activityLog>,
  'id' | 'action' | 'subject_type' | 'subject_id' | 'created_at'
> & {
  /** The schema's jsonb is `unknown`; the log's data is always an object. */
  data: Record<string, unknown>;
  actor_id: number | null;
  actor_name: string | null;
  total: number;
};

export function memberActivity(db: Executor, organisationId: number, userId: number, page: Page) {
  return queryRows<ActivityRow>(
    db,
    sql`select a.id::int, a.action, a.subject_type, a.subject_id::int, u.id::int as actor_id, u.name as actor_name,
          a.data, a.created_at, count(*) over ()::int as total
        from activity_log a left join users u on u.id = a.actor_user_id
        where a.user_id = ${userId} and a.organisation_id = ${organisationId}
        order by a.created_at desc, a.id desc
        limit ${page.limit} offset ${page.offset}`,
  );
}
