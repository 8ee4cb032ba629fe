// Who may see which staff, and deactivation (which ends the person's sessions at once).

import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import type { AuthContext } from '../../auth/guard';
import { revokeSessionsAt } from '../../auth/session';
import { conflict, forbidden, notFound } from '../../http/app-error';
import { markCredentialsRevoked, revokeDoorAccessInKisi } from '../access-control';
import { presentStaff } from './staff.presenter';
import * as repo from './staff.repository';
import * as w from './staff-write.repository';

/**
 * Organisation admins see every staff member (null: no gym limit); gym admins see the staff of the gyms
 * they administer; personal trainers see none (403).
 */
export function staffScope(auth: AuthContext): number[] | null {
  if (auth.isOrganisationAdmin) return null;
  const adminGyms = auth.memberships.gyms
    .filter((g) => g.organisation_id === auth.organisationId && g.role === 'admin')
    .map((g) => g.id);
  if (adminGyms.length === 0) throw forbidden('Only admins can see staff.');
  return adminGyms;
}

export async function staffDetail(deps: AppDeps, auth: AuthContext, userId: number) {
  const gymIds = staffScope(auth);
  const row = await repo.findStaff(deps.db, auth.organisationId, userId);
  if (!row) throw notFound('Staff member not found.');
  const gymRoles = await repo.gymRolesOf(deps.db, auth.organisationId, [row.id]);
  if (gymIds !== null && !gymRoles.some((g) => gymIds.includes(g.id))) {
    throw forbidden('This person is not staff of a gym you administer.');
  }
  return {
    ...presentStaff(row, gymRoles),
    visits_count: await repo.visitsCount(deps.db, auth.organisationId, row.id),
  };
}

/**
 * Whether an email is staff of this organisation (active, invited or deactivated). Whether it has an
 * account anywhere else is not this organisation's business: that is never told (the same answer, after
 * the same single query, either way).
 */
export async function staffExists(deps: AppDeps, auth: AuthContext, email: string) {
  const found = await repo.staffByEmail(deps.db, auth.organisationId, email);
  const here = found?.staffUserId != null;
  return {
    exists: here,
    already_staff: here && found?.deletedAt === null,
    deactivated: here && found?.deletedAt !== null,
  };
}

/** Deactivates a staff member here: no door rights, no gym roles, no open invitation, their sessions here ended. */
export async function deactivateStaff(deps: AppDeps, actor: Actor, userId: number) {
  const organisationId = actor.auth.organisationId;
  if (userId === actor.auth.user.id) throw conflict('You cannot deactivate yourself.');
  const row = await repo.findStaff(deps.db, organisationId, userId);
  if (!row) throw notFound('Staff member not found.');
  if (!row.deletedAt) {
    const revokedCredentials = await revokeDoorAccessInKisi(deps, organisationId, userId);
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      await w.deactivateStaff(tx, organisationId, userId, now);
      await markCredentialsRevoked(tx, organisationId, revokedCredentials, now);
      await w.retireInvitations(tx, organisationId, userId, now);
      // Their access here ends now; their sessions at other organisations are not this one's to end.
      await revokeSessionsAt(tx, userId, organisationId, now);
      await w.insertStaffActivity(tx, {
        organisationId,
        actorUserId: actor.auth.user.id,
        staffUserId: userId,
        action: 'staff.deactivated',
        data: { role: row.role },
        requestId: actor.requestId,
      });
    });
  }
  return staffDetail(deps, actor.auth, userId);
}
