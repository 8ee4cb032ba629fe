// A member's records for the profile page: payments and visits (most recent first, paginated on their
// user indexes) and the activity log about them (payment methods: ../payments payment-types.ts). One query per page each.
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

interface Page {
  limit: number;
  offset: number;
}

export interface PaymentRow {
  id: number;
  amount: number;
  surcharge: number;
  period_start_at: string | null;
  period_end_at: string | null;
  status: string;
  type: string;
  is_retry: boolean;
  is_pro_rata: boolean;
  error_status: string | null;
  error_description: string | null;
  processed_by_id: number | null;
  processed_by_name: string | null;
  gym_id: number;
  gym_name: string;
  subscription_id: number | null;
  created_at: Date | string;
  total: number;
}

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

export interface VisitRow {
  id: number;
  gym_id: number;
  gym_name: string;
  visited_at: Date | string;
  successful: boolean;
  total: number;
}

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

export interface ActivityRow {
  id: number;
  action: string;
  subject_type: string;
  subject_id: number | null;
  actor_id: number | null;
  actor_name: string | null;
  data: Record<string, unknown>;
  created_at: Date | string;
  total: number;
}

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
