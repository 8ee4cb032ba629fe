// Which organisations and gyms a person belongs to, and with which role. Staff rights come only from an
// active, accepted staff membership of that organisation (organisation_staff: not deactivated, not a
// pending invitation); gym roles count only beside one. Organisation admins hold
// every gym of their organisation as admin; an organisation-wide personal trainer holds every gym as a
// trainer (a per-gym role, where there is one, decides for that gym).
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryPrepared } from '../db/client';

export type StaffRole = 'admin' | 'personal_trainer';

export type OrganisationMembership = {
  id: number;
  name: string;
  multi_gym: boolean;
  /** Staff role in the organisation; null for staff with per-gym roles only, or for members. */
  role: StaffRole | null;
  is_member: boolean;
};

export type GymMembership = {
  id: number;
  name: string;
  organisation_id: number;
  role: StaffRole | null;
};

export interface Memberships {
  organisations: OrganisationMembership[];
  gyms: GymMembership[];
}

/** The organisations this person is staff or a member of (read from their own rows, by user id). */
const theirOrganisations = (userId: SQL) => sql`(
    select s0.organisation_id from organisation_staff s0
    where s0.user_id = ${userId} and s0.deleted_at is null and not s0.pending_invite
    union
    select m0.organisation_id from organisation_members m0 where m0.user_id = ${userId} and m0.deleted_at is null)`;

/**
 * The rules of who holds what, once, as two statements over a person's id (a parameter, or a column of
 * an outer query such as sign-in's): their organisations with their staff role there, and their gyms
 * with the role that decides there. Both start from the person's own rows, not every organisation.
 */
export const organisationsOf = (userId: SQL) => sql`
    select o.id::int as id, o.name, o.multi_gym, max(s.role) as role, bool_or(s.user_id is null) as is_member
    from organisations o
    left join organisation_staff s on s.organisation_id = o.id and s.user_id = ${userId} and s.deleted_at is null
      and not s.pending_invite
    left join organisation_members m on m.organisation_id = o.id and m.user_id = ${userId} and m.deleted_at is null
    where o.id in ${theirOrganisations(userId)} and (s.user_id is not null or m.user_id is not null)
    group by o.id, o.name, o.multi_gym`;

export const gymsOf = (userId: SQL) => sql`
    select g.id::int as id, g.name, g.organisation_id::int as organisation_id,
           case when s.role = 'admin' then 'admin' else coalesce(gs.role, s.role) end as role
    from gyms g
    left join organisation_staff s on s.organisation_id = g.organisation_id and s.user_id = ${userId}
      and s.deleted_at is null and not s.pending_invite
    left join gym_staff gs on gs.gym_id = g.id and gs.user_id = ${userId} and s.user_id is not null
    left join organisation_members m on m.organisation_id = g.organisation_id and m.user_id = ${userId}
      and m.deleted_at is null and m.home_gym_id = g.id
    where g.organisation_id in ${theirOrganisations(userId)}
      and (s.role is not null or gs.user_id is not null or m.user_id is not null)`;

/**
 * A person's memberships, both read side by side as prepared statements planned once per connection
 * (sign-in and switching organisation; a signed-in request reads them with its session, in
 * `findSignedIn`).
 */
export async function loadMemberships(db: Executor, userId: number): Promise<Memberships> {
  const id = sql`${userId}`;
  const [organisations, gyms] = await Promise.all([
    queryPrepared<OrganisationMembership>(
      db,
      'auth_organisations',
      sql`${organisationsOf(id)} order by o.name, o.id`,
    ),
    queryPrepared<GymMembership>(db, 'auth_gyms', sql`${gymsOf(id)} order by g.name, g.id`),
  ]);
  return { organisations, gyms };
}
