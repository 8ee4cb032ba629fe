// Changing the organisation's staff: accounts, staff rows, gym roles, invitation tokens. All SQL here.
import type { ActivityAction } from '@gym/domain/labels';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { appendActivity } from '../../db/activity';
import type { Executor } from '../../db/client';
import { authTokens, gymStaff, gyms, organisationStaff, users } from '../../db/schema/index';

export type StaffRole = 'admin' | 'personal_trainer';

/** Any account with this email, closed ones included (an email belongs to one account, ever). */
export async function findAccountByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row ?? null;
}

export async function insertStaffUser(db: Executor, input: { name: string; email: string; now: Date }) {
  const [row] = await db
    .insert(users)
    .values({
      name: input.name,
      email: input.email,
      isStaff: true,
      passwordHash: null,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  return row!;
}

export async function findStaffRow(db: Executor, organisationId: number, userId: number) {
  const [row] = await db
    .select()
    .from(organisationStaff)
    .where(and(eq(organisationStaff.organisationId, organisationId), eq(organisationStaff.userId, userId)));
  return row ?? null;
}

/**
 * Adds the person to the organisation's staff, or brings a deactivated staff member back: without door
 * access (it was revoked when they were deactivated; an admin gives it again).
 */
export async function upsertStaffRow(
  db: Executor,
  input: {
    organisationId: number;
    userId: number;
    role: StaffRole | null;
    pendingInvite: boolean;
    invitedName: string;
    now: Date;
  },
) {
  const values = {
    role: input.role,
    pendingInvite: input.pendingInvite,
    invitedName: input.invitedName,
    invitedAt: input.now,
    acceptedAt: input.pendingInvite ? null : input.now,
    deletedAt: null,
  };
  await db
    .insert(organisationStaff)
    .values({ organisationId: input.organisationId, userId: input.userId, createdAt: input.now, ...values })
    .onConflictDoUpdate({
      target: [organisationStaff.organisationId, organisationStaff.userId],
      set: {
        ...values,
        accessEnabled: sql`${organisationStaff.accessEnabled} and ${organisationStaff.deletedAt} is null`,
      },
    });
}

/** Sets the person's organisation role (null: roles per gym only). */
export async function setStaffRole(
  db: Executor,
  organisationId: number,
  userId: number,
  role: StaffRole | null,
) {
  await db
    .update(organisationStaff)
    .set({ role })
    .where(and(eq(organisationStaff.organisationId, organisationId), eq(organisationStaff.userId, userId)));
}

/** The ids among these that are gyms of the organisation. */
export async function gymIdsOf(db: Executor, organisationId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: gyms.id })
    .from(gyms)
    .where(and(eq(gyms.organisationId, organisationId), inArray(gyms.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function replaceGymRoles(
  db: Executor,
  organisationId: number,
  userId: number,
  roles: { id: number; role: StaffRole }[],
  now: Date,
) {
  await db
    .delete(gymStaff)
    .where(and(eq(gymStaff.organisationId, organisationId), eq(gymStaff.userId, userId)));
  if (roles.length === 0) return;
  await db
    .insert(gymStaff)
    .values(roles.map((r) => ({ organisationId, gymId: r.id, userId, role: r.role, createdAt: now })));
}

/**
 * Marks the person deactivated here; their gym roles in this organisation go, and so does their door
 * access flag (their door rights were revoked in Kisi just before).
 */
export async function deactivateStaff(db: Executor, organisationId: number, userId: number, now: Date) {
  await db
    .update(organisationStaff)
    .set({ deletedAt: now, pendingInvite: false, accessEnabled: false })
    .where(and(eq(organisationStaff.organisationId, organisationId), eq(organisationStaff.userId, userId)));
  await db
    .delete(gymStaff)
    .where(and(eq(gymStaff.organisationId, organisationId), eq(gymStaff.userId, userId)));
}

/** Ends the unused invitation links of one person to one organisation. */
export async function retireInvitations(db: Executor, organisationId: number, userId: number, now: Date) {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.kind, 'invitation'),
        eq(authTokens.organisationId, organisationId),
        isNull(authTokens.usedAt),
      ),
    );
}

export async function insertInvitation(
  db: Executor,
  input: { organisationId: number; userId: number; tokenHash: string; expiresAt: Date; now: Date },
) {
  await db.insert(authTokens).values({
    userId: input.userId,
    kind: 'invitation',
    tokenHash: input.tokenHash,
    organisationId: input.organisationId,
    expiresAt: input.expiresAt,
    createdAt: input.now,
  });
}

export async function insertStaffActivity(
  db: Executor,
  entry: {
    organisationId: number;
    actorUserId: number;
    staffUserId: number;
    action: ActivityAction;
    data: Record<string, unknown>;
    requestId: string;
  },
) {
  const { staffUserId, ...rest } = entry;
  await appendActivity(db, { ...rest, subjectType: 'staff', subjectId: staffUserId });
}
