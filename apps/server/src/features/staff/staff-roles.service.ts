// Changing a staff member's roles (PUT /api/staff/{id}): the organisation role and the role at each gym,
// replaced whole. Door rights at gyms they no longer hold a role at end in Kisi first, like deactivation.

import { PER_GYM_ROLE, type StaffRolesInput } from '@gym/domain/staff-invite';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import { conflict, notFound } from '../../http/app-error';
import { markCredentialsRevoked, revokeStaffDoorAccessOutside } from '../access-control';
import * as repo from './staff.repository';
import { staffDetail } from './staff.service';
import { checkGyms } from './staff-invite.service';
import * as w from './staff-write.repository';

const sameRoles = (
  a: { role: string | null; gyms: { id: number; role: string }[] },
  b: { role: string | null; gyms: { id: number; role: string }[] },
) => {
  const key = (x: typeof a) =>
    JSON.stringify([x.role, [...x.gyms].sort((p, q) => p.id - q.id).map((g) => [g.id, g.role])]);
  return key(a) === key(b);
};

/**
 * Sets the person's roles. Organisation admins only (the route's guard); nobody takes their own admin
 * role away (another admin can), and a deactivated staff member is brought back by inviting them again.
 * Sending the roles they already hold changes nothing and logs nothing.
 */
export async function changeStaffRoles(deps: AppDeps, actor: Actor, userId: number, input: StaffRolesInput) {
  const organisationId = actor.auth.organisationId;
  const role = input.role === PER_GYM_ROLE ? null : input.role;
  const gyms = role === 'admin' ? [] : input.gyms;
  const row = await repo.findStaff(deps.db, organisationId, userId);
  if (!row) throw notFound('Staff member not found.');
  if (row.deletedAt)
    throw conflict('This staff member is deactivated: invite them again to give them roles.');
  if (userId === actor.auth.user.id && role !== 'admin') {
    throw conflict('You cannot take away your own admin role: another organisation admin can.');
  }
  await checkGyms(deps, organisationId, gyms);
  const before = {
    role: row.role,
    gyms: (await repo.gymRolesOf(deps.db, organisationId, [userId])).map((g) => ({ id: g.id, role: g.role })),
  };
  const after = { role, gyms };
  if (sameRoles(before, after)) return staffDetail(deps, actor.auth, userId);

  // An organisation-wide role keeps every gym's door; otherwise only the gyms they still hold a role at.
  const revoked =
    role === null
      ? await revokeStaffDoorAccessOutside(
          deps,
          organisationId,
          userId,
          gyms.map((g) => g.id),
        )
      : [];
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await w.setStaffRole(tx, organisationId, userId, role);
    await w.replaceGymRoles(tx, organisationId, userId, gyms, now);
    await markCredentialsRevoked(tx, organisationId, revoked, now);
    await w.insertStaffActivity(tx, {
      organisationId,
      actorUserId: actor.auth.user.id,
      staffUserId: userId,
      action: 'staff.roles_changed',
      data: { from: before, to: after, door_rights_ended: revoked.length },
      requestId: actor.requestId,
    });
  });
  return staffDetail(deps, actor.auth, userId);
}
