// Reading the organisation's staff: a page of them with their gym roles, one of them, and who exists.
import { and, asc, count, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { gymStaff, gyms, organisationStaff, users, visits } from '../../db/schema/index';

export type StaffStatus = 'active' | 'pending' | 'deactivated';

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  profilePicturePath: users.profilePicturePath,
  role: organisationStaff.role,
  pendingInvite: organisationStaff.pendingInvite,
  invitedName: organisationStaff.invitedName,
  accessEnabled: organisationStaff.accessEnabled,
  invitedAt: organisationStaff.invitedAt,
  deletedAt: organisationStaff.deletedAt,
  createdAt: organisationStaff.createdAt,
};
/** A staff member as `columns` reads them (Drizzle's inferred type of the select). */
export type StaffRow = Awaited<ReturnType<typeof listStaff>>['rows'][number];
/** A staff member's role at one gym (Drizzle's inferred type of gymRolesOf's select). */
export type GymRole = Awaited<ReturnType<typeof gymRolesOf>>[number];

const statusFilter: Record<StaffStatus, SQL | undefined> = {
  active: and(isNull(organisationStaff.deletedAt), eq(organisationStaff.pendingInvite, false)),
  pending: and(isNull(organisationStaff.deletedAt), eq(organisationStaff.pendingInvite, true)),
  deactivated: isNotNull(organisationStaff.deletedAt),
};

/** Staff who hold a role at one of these gyms (for gym admins, who see the staff of their gyms). */
const atGyms = (organisationId: number, gymIds: number[]) => sql`exists (
  select 1 from ${gymStaff} where ${gymStaff.organisationId} = ${organisationId} and ${gymStaff.userId} = ${users.id}
  and ${gymStaff.gymId} = any(${`{${gymIds.filter(Number.isSafeInteger).join(',')}}`}::bigint[]))`;

export async function listStaff(
  db: Executor,
  organisationId: number,
  filter: { status?: StaffStatus | undefined; gymIds: number[] | null; limit: number; offset: number },
) {
  const where = and(
    eq(organisationStaff.organisationId, organisationId),
    isNull(users.deletedAt),
    filter.status ? statusFilter[filter.status] : undefined,
    filter.gymIds === null ? undefined : atGyms(organisationId, filter.gymIds),
  );
  const rows = await db
    .select(columns)
    .from(organisationStaff)
    .innerJoin(users, eq(users.id, organisationStaff.userId))
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db
    .select({ n: count() })
    .from(organisationStaff)
    .innerJoin(users, eq(users.id, organisationStaff.userId))
    .where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The gym roles of these staff in this organisation: one query for a whole page. */
export async function gymRolesOf(db: Executor, organisationId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: gymStaff.userId, id: gyms.id, name: gyms.name, role: gymStaff.role })
    .from(gymStaff)
    .innerJoin(gyms, and(eq(gyms.id, gymStaff.gymId), eq(gyms.organisationId, gymStaff.organisationId)))
    .where(and(eq(gymStaff.organisationId, organisationId), inArray(gymStaff.userId, userIds)))
    .orderBy(asc(gyms.name), asc(gyms.id));
}

export async function findStaff(db: Executor, organisationId: number, userId: number) {
  const [row] = await db
    .select(columns)
    .from(organisationStaff)
    .innerJoin(users, eq(users.id, organisationStaff.userId))
    .where(
      and(
        eq(organisationStaff.organisationId, organisationId),
        eq(organisationStaff.userId, userId),
        isNull(users.deletedAt),
      ),
    );
  return row ?? null;
}

export async function visitsCount(db: Executor, organisationId: number, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(visits)
    .where(and(eq(visits.organisationId, organisationId), eq(visits.userId, userId)));
  return Number(row?.n ?? 0);
}

/** Whether an account has this email, and its place (if any) among this organisation's staff. */
export async function staffByEmail(db: Executor, organisationId: number, email: string) {
  const [row] = await db
    .select({
      userId: users.id,
      deletedAt: organisationStaff.deletedAt,
      staffUserId: organisationStaff.userId,
    })
    .from(users)
    .leftJoin(
      organisationStaff,
      and(eq(organisationStaff.userId, users.id), eq(organisationStaff.organisationId, organisationId)),
    )
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row ?? null;
}
