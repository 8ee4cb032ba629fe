// The front desk's reads and its one write: members by id or tag with their latest membership, and a
// visit recorded at the desk. Every function is scoped to the organisation.
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { idList } from '../../db/id-list';
import type { LeftJoined, Row, SubscriptionStanding } from '../../db/row-types';
import type { organisationMembers, subscriptions, users } from '../../db/schema/index';

/** A live member (users, organisation_members) with their latest subscription, null when none (left joins). */
export type DeskRow = Pick<
  Row<typeof users>,
  'id' | 'name' | 'email' | 'mobile_number' | 'profile_picture_path'
> &
  Pick<Row<typeof organisationMembers>, 'tags' | 'home_gym_id' | 'last_visit_at'> &
  LeftJoined<SubscriptionStanding & Pick<Row<typeof subscriptions>, 'balance_owing' | 'periods_owing'>> & {
    home_gym_name: string | null;
    subscription_id: number | null;
    offering_name: string | null;
  };

/** Live members of the organisation with these ids (in no particular order), with their latest membership. */
export function deskRows(db: Executor, organisationId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([] as DeskRow[]);
  return queryRows<DeskRow>(
    db,
    sql`select u.id::int, u.name, u.email, u.mobile_number, u.profile_picture_path, m.tags,
          m.home_gym_id::int, g.name as home_gym_name, m.last_visit_at,
          s.id::int as subscription_id, o.name as offering_name, s.start_date::text,
          s.current_period_start::text, s.current_period_end::text, s.ends_at::text, s.paused_at,
          s.cancelled_at, s.grace_period_ends_at::text, s.upcoming_state, s.balance_owing::int,
          s.periods_owing::int
        from organisation_members m
        join users u on u.id = m.user_id and u.deleted_at is null
        left join gyms g on g.id = m.home_gym_id
        left join subscriptions s on s.id = m.latest_subscription_id
        left join prices p on p.id = s.price_id
        left join offerings o on o.id = p.offering_id
        where m.organisation_id = ${organisationId} and m.deleted_at is null
          and m.user_id in ${idList(userIds)}`,
  );
}

/** Members carrying this tag exactly (a key tag's number, or a scanned code), from the tags' GIN index. */
export async function idsByTag(
  db: Executor,
  organisationId: number,
  gymIds: readonly number[] | null,
  tag: string,
  limit: number,
) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select m.user_id::int as id from organisation_members m
        where m.organisation_id = ${organisationId} and m.deleted_at is null
          and m.tags @> array[${tag}]::text[]
          ${gymIds === null ? sql`` : sql`and m.home_gym_id in ${idList(gymIds)}`}
        order by m.user_id limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
}

export async function gymNamed(db: Executor, organisationId: number, gymId: number) {
  const [row] = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id::int, name from gyms where organisation_id = ${organisationId} and id = ${gymId}`,
  );
  return row ?? null;
}

/** One desk visit per key; null when the key was already used (the first visit stands). */
export async function insertDeskVisit(
  tx: Executor,
  visit: {
    organisationId: number;
    gymId: number;
    userId: number;
    visitedAt: Date;
    successful: boolean;
    refusedReason: string | null;
    checkedInBy: number;
    key: string;
  },
) {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into visits (organisation_id, gym_id, user_id, visited_at, successful, refused_reason,
          checked_in_by, external_event_id)
        values (${visit.organisationId}, ${visit.gymId}, ${visit.userId}, ${visit.visitedAt.toISOString()},
          ${visit.successful}, ${visit.refusedReason}, ${visit.checkedInBy}, ${visit.key})
        on conflict (external_event_id) do nothing
        returning id::int`,
  );
  return row ? Number(row.id) : null;
}

/** The visit a key recorded, scoped to the organisation (a repeated press answers the first visit). */
export async function visitWithKey(db: Executor, organisationId: number, key: string) {
  const [row] = await queryRows<{
    id: number;
    visited_at: Date | string;
    successful: boolean;
    refused_reason: string | null;
    user_id: number;
    gym_id: number;
  }>(
    db,
    sql`select id::int, visited_at, successful, refused_reason, user_id::int, gym_id::int from visits
        where organisation_id = ${organisationId} and external_event_id = ${key}`,
  );
  return row ?? null;
}
