// Staff door access: who the staff member is, their credential at a gym's place, and the flag on their
// staff record. All SQL here, scoped to the organisation.
import { and, eq, inArray, isNotNull, isNull, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accessCredentials, gymStaff, organisationStaff, places, users } from '../../db/schema/index';

export type CredentialRow = typeof accessCredentials.$inferSelect;

/** A staff member of the organisation (deactivated ones included, so the caller can say so). */
export async function findStaffMember(db: Executor, organisationId: number, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      accessEnabled: organisationStaff.accessEnabled,
      deletedAt: organisationStaff.deletedAt,
    })
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

export async function holdsRoleAtGym(db: Executor, organisationId: number, userId: number, gymId: number) {
  const [row] = await db
    .select({ userId: gymStaff.userId })
    .from(gymStaff)
    .where(
      and(
        eq(gymStaff.organisationId, organisationId),
        eq(gymStaff.userId, userId),
        eq(gymStaff.gymId, gymId),
      ),
    );
  return row !== undefined;
}

export async function findCredential(
  db: Executor,
  organisationId: number,
  userId: number,
  placeRowId: number,
) {
  const [row] = await db
    .select()
    .from(accessCredentials)
    .where(
      and(
        eq(accessCredentials.organisationId, organisationId),
        eq(accessCredentials.userId, userId),
        eq(accessCredentials.placeId, placeRowId),
      ),
    );
  return row ?? null;
}

/** The person's access right at the place (one per person and place): made, or renewed after a revoke. */
export async function saveStaffCredential(
  db: Executor,
  input: {
    organisationId: number;
    userId: number;
    placeRowId: number;
    externalUserId: string;
    roleAssignmentId: string;
    now: Date;
  },
) {
  const values = {
    externalUserId: input.externalUserId,
    roleAssignmentId: input.roleAssignmentId,
    validFrom: input.now,
    validUntil: null,
    status: 'active',
    meta: { kind: 'staff' },
    updatedAt: input.now,
  };
  const [row] = await db
    .insert(accessCredentials)
    .values({
      organisationId: input.organisationId,
      userId: input.userId,
      placeId: input.placeRowId,
      ...values,
    })
    .onConflictDoUpdate({ target: [accessCredentials.userId, accessCredentials.placeId], set: values })
    .returning();
  return row!;
}

export async function enableStaffAccess(db: Executor, organisationId: number, userId: number) {
  await db
    .update(organisationStaff)
    .set({ accessEnabled: true })
    .where(and(eq(organisationStaff.organisationId, organisationId), eq(organisationStaff.userId, userId)));
}

/** The person's door rights that are still on, at any of the organisation's places. */
export async function activeCredentials(db: Executor, organisationId: number, userId: number) {
  return db
    .select()
    .from(accessCredentials)
    .where(
      and(
        eq(accessCredentials.organisationId, organisationId),
        eq(accessCredentials.userId, userId),
        eq(accessCredentials.status, 'active'),
      ),
    );
}

/** The staff door rights (a Kisi role assignment) the person holds at places of gyms other than these. */
export async function staffCredentialsOutside(
  db: Executor,
  organisationId: number,
  userId: number,
  keepGymIds: number[],
) {
  return db
    .select({ id: accessCredentials.id, roleAssignmentId: accessCredentials.roleAssignmentId })
    .from(accessCredentials)
    .innerJoin(places, eq(places.id, accessCredentials.placeId))
    .where(
      and(
        eq(accessCredentials.organisationId, organisationId),
        eq(accessCredentials.userId, userId),
        eq(accessCredentials.status, 'active'),
        isNotNull(accessCredentials.roleAssignmentId),
        keepGymIds.length > 0 ? notInArray(places.gymId, keepGymIds) : undefined,
      ),
    );
}

export async function markCredentialsRevoked(db: Executor, organisationId: number, ids: number[], now: Date) {
  if (ids.length === 0) return;
  await db
    .update(accessCredentials)
    .set({ status: 'revoked', validUntil: now, updatedAt: now })
    .where(and(eq(accessCredentials.organisationId, organisationId), inArray(accessCredentials.id, ids)));
}
