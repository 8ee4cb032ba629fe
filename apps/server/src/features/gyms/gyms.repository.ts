// Gyms of one organisation: the list with its counts, one gym with its parts, and its settings. All SQL here.
import type { ActivityAction } from '@gym/domain/labels';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { appendActivity } from '../../db/activity';
import type { Executor } from '../../db/client';
import {
  destinationAccounts,
  doors,
  gymStaff,
  gyms,
  organisationMembers,
  organisationStaff,
  places,
  users,
} from '../../db/schema/index';

export type GymRow = typeof gyms.$inferSelect;
export type GymChanges = Partial<
  Pick<
    typeof gyms.$inferInsert,
    | 'name'
    | 'priceChangeNotificationReplyTo'
    | 'breakFeeBasisPoints'
    | 'cardSurchargeBasisPoints'
    | 'generalCardSurchargeText'
    | 'tracksVisits'
    | 'branchAppId'
    | 'branchKey'
    | 'branchSecret'
    | 'akahuAppToken'
    | 'akahuAppSecret'
    | 'logoPath'
    | 'logoUpdatedAt'
  >
>;

/** A bigint[] parameter for `= any(…)`, sent as one bound value. */
const idArray = (ids: number[]) => sql`${`{${ids.filter(Number.isSafeInteger).join(',')}}`}::bigint[]`;

/**
 * One page of the organisation's gyms (all, or only `gymIds`), each with its staff and member counts:
 * one query plus one count. Staff: everyone who can work there (a role at the gym, or an
 * organisation-wide role), accepted and not deactivated, as the staff list shows them. Members: current
 * members whose home gym it is.
 */
export async function listGyms(
  db: Executor,
  organisationId: number,
  filter: { gymIds: number[] | null; limit: number; offset: number },
) {
  // Per-gym staff: a role at that gym, and not an organisation-wide role (counted for every gym below).
  const staff = db
    .select({ gymId: gymStaff.gymId, n: count().as('staff_n') })
    .from(gymStaff)
    .innerJoin(
      organisationStaff,
      and(
        eq(organisationStaff.organisationId, gymStaff.organisationId),
        eq(organisationStaff.userId, gymStaff.userId),
      ),
    )
    .innerJoin(users, eq(users.id, gymStaff.userId))
    .where(
      and(
        eq(gymStaff.organisationId, organisationId),
        isNull(organisationStaff.deletedAt),
        eq(organisationStaff.pendingInvite, false),
        isNull(organisationStaff.role),
        isNull(users.deletedAt),
      ),
    )
    .groupBy(gymStaff.gymId)
    .as('staff_counts');
  // Organisation-wide admins and trainers hold every gym, so every gym counts them.
  const everywhere = sql<number>`(select count(*) from ${organisationStaff}
    join ${users} on ${users.id} = ${organisationStaff.userId} and ${users.deletedAt} is null
    where ${organisationStaff.organisationId} = ${organisationId} and ${organisationStaff.deletedAt} is null
      and not ${organisationStaff.pendingInvite} and ${organisationStaff.role} is not null)`;
  const members = db
    .select({ gymId: organisationMembers.homeGymId, n: count().as('members_n') })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(
      and(
        eq(organisationMembers.organisationId, organisationId),
        isNull(organisationMembers.deletedAt),
        isNull(users.deletedAt),
      ),
    )
    .groupBy(organisationMembers.homeGymId)
    .as('member_counts');
  const scope = and(
    eq(gyms.organisationId, organisationId),
    filter.gymIds === null ? undefined : sql`${gyms.id} = any(${idArray(filter.gymIds)})`,
  );
  const rows = await db
    .select({
      gym: gyms,
      staffCount: sql<number>`(coalesce(${staff.n}, 0) + ${everywhere})::int`,
      membersCount: sql<number>`coalesce(${members.n}, 0)::int`,
    })
    .from(gyms)
    .leftJoin(staff, eq(staff.gymId, gyms.id))
    .leftJoin(members, eq(members.gymId, gyms.id))
    .where(scope)
    .orderBy(asc(gyms.name), asc(gyms.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(gyms).where(scope);
  return {
    rows: rows.map((r) => ({
      gym: r.gym,
      staffCount: Number(r.staffCount),
      membersCount: Number(r.membersCount),
    })),
    total: Number(total?.n ?? 0),
  };
}

export async function findGym(db: Executor, organisationId: number, gymId: number) {
  const [row] = await db
    .select()
    .from(gyms)
    .where(and(eq(gyms.organisationId, organisationId), eq(gyms.id, gymId)));
  return row ?? null;
}

/** The destination account, place and doors of one gym (a fixed few queries). */
export async function gymParts(db: Executor, organisationId: number, gymId: number) {
  const [account] = await db
    .select()
    .from(destinationAccounts)
    .where(and(eq(destinationAccounts.organisationId, organisationId), eq(destinationAccounts.gymId, gymId)));
  const [place] = await db
    .select()
    .from(places)
    .where(and(eq(places.organisationId, organisationId), eq(places.gymId, gymId)));
  const doorRows = place
    ? await db
        .select()
        .from(doors)
        .where(and(eq(doors.organisationId, organisationId), eq(doors.placeId, place.id)))
        .orderBy(asc(doors.name), asc(doors.id))
    : [];
  return { account: account ?? null, place: place ?? null, doors: doorRows };
}

export async function updateGym(
  db: Executor,
  organisationId: number,
  gymId: number,
  changes: GymChanges,
  now: Date,
) {
  const [row] = await db
    .update(gyms)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(gyms.organisationId, organisationId), eq(gyms.id, gymId)))
    .returning();
  return row ?? null;
}

export async function insertGymActivity(
  db: Executor,
  entry: {
    organisationId: number;
    gymId: number;
    actorUserId: number;
    action: ActivityAction;
    data: Record<string, unknown>;
    requestId: string;
  },
) {
  const { gymId, ...rest } = entry;
  await appendActivity(db, { ...rest, subjectType: 'gym', subjectId: gymId });
}
