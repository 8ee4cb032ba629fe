// Door sync's rows: each subscription's member with their credential at the gym's place, and the
// credential written to match what Kisi now holds.
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

export interface Holder {
  id: number;
  organisation_id: number;
  gym_id: number;
  user_id: number;
  email: string;
  name: string;
  start_date: string;
  current_period_start: string | null;
  current_period_end: string | null;
  ends_at: string | null;
  paused_at: Date | string | null;
  cancelled_at: Date | string | null;
  grace_period_ends_at: string | null;
  upcoming_state: string | null;
  credential_id: number | null;
  credential_status: string | null;
  role_assignment_id: string | null;
  external_user_id: string | null;
}

/** Each subscription with its member and their credential at its gym's place, by subscription id. */
export function doorHolders(db: Executor, subscriptionIds: readonly number[]): Promise<Holder[]> {
  return queryRows<Holder>(
    db,
    sql`select s.id::int, s.organisation_id::int, s.gym_id::int, s.user_id::int, u.email, u.name,
          s.start_date::text, s.current_period_start::text, s.current_period_end::text, s.ends_at::text,
          s.paused_at, s.cancelled_at, s.grace_period_ends_at::text, s.upcoming_state,
          ac.id::int as credential_id, ac.status as credential_status, ac.role_assignment_id,
          ac.external_user_id
        from subscriptions s
        join users u on u.id = s.user_id
        left join places pl on pl.gym_id = s.gym_id
        left join access_credentials ac on ac.user_id = s.user_id and ac.place_id = pl.id
        where s.id = any(${`{${subscriptionIds.join(',')}}`}::bigint[])
        order by s.id`,
  );
}

/** The member's credential at the place, granted (active) or revoked as of `now`: inserted or updated. */
export async function saveCredential(
  db: Executor,
  c: {
    organisationId: number;
    userId: number;
    placeRowId: number;
    externalUserId: string | null;
    roleAssignmentId: string | null;
    now: Date;
    wanted: boolean;
  },
) {
  await db.execute(
    sql`insert into access_credentials (organisation_id, user_id, place_id, external_user_id,
            role_assignment_id, valid_from, status, updated_at)
          values (${c.organisationId}, ${c.userId}, ${c.placeRowId}, ${c.externalUserId}, ${c.roleAssignmentId},
            ${c.now.toISOString()}, ${c.wanted ? 'active' : 'revoked'}, ${c.now.toISOString()})
          on conflict (user_id, place_id) do update set
            external_user_id = coalesce(excluded.external_user_id, access_credentials.external_user_id),
            role_assignment_id = excluded.role_assignment_id,
            valid_from = case when excluded.status = 'active' then excluded.valid_from else access_credentials.valid_from end,
            valid_until = case when excluded.status = 'revoked' then excluded.valid_from else null end,
            status = excluded.status, updated_at = excluded.updated_at`,
  );
}
