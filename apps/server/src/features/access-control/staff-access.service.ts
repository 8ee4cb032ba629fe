// POST /api/staff/{id}/kisi-access: a staff member gets door access at the current gym's place. Kisi
// is asked first (its managed user, then the staff role at the place); only then are the credential
// and the staff member's access flag written, together.

import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import { conflict, forbidden, notFound } from '../../http/app-error';
import { roleAt } from '../gyms';
import { presentPlace } from './access-control.presenter';
import * as repo from './access-control.repository';
import { kisiFor } from './integration.service';
import * as staffRepo from './staff-access.repository';

function present(userId: number, place: repo.PlaceRow, credential: staffRepo.CredentialRow) {
  return {
    user_id: userId,
    access_enabled: true,
    place: presentPlace(place),
    kisi_user_id: credential.externalUserId,
    granted_at: credential.validFrom?.toISOString() ?? null,
  };
}

export async function grantStaffAccess(deps: AppDeps, actor: Actor, staffUserId: number) {
  const { auth } = actor;
  const organisationId = auth.organisationId;
  const gym = auth.gym;
  if (!gym) throw conflict('Choose a gym first: door access is given at the current gym.');
  if (roleAt(auth, gym.id) !== 'admin')
    throw forbidden('Only admins of the current gym can give door access.');
  const person = await staffRepo.findStaffMember(deps.db, organisationId, staffUserId);
  if (!person) throw notFound('Staff member not found.');
  if (
    !auth.isOrganisationAdmin &&
    !(await staffRepo.holdsRoleAtGym(deps.db, organisationId, person.id, gym.id))
  ) {
    throw forbidden(`This person is not staff of ${gym.name}.`);
  }
  if (person.deletedAt) throw conflict('This staff member is deactivated.');
  const place = await repo.placeOfGym(deps.db, organisationId, gym.id);
  if (!place || !/^\d+$/.test(place.placeId)) {
    throw conflict(`${gym.name} has no Kisi place yet: link the gym to its Kisi place first.`);
  }

  const existing = await staffRepo.findCredential(deps.db, organisationId, person.id, place.id);
  if (existing?.status === 'active' && existing.roleAssignmentId && person.accessEnabled) {
    return present(person.id, place, existing);
  }
  const kisi = await kisiFor(deps, organisationId);
  const { userId: kisiUserId } = await kisi.call((k) =>
    k.ensureUser({ email: person.email, name: person.name }),
  );
  const { roleAssignmentId } = await kisi.call((k) =>
    k.grantStaffAccess({ userId: kisiUserId, placeId: Number(place.placeId) }),
  );
  const credential = await deps.db.transaction(async (tx) => {
    const saved = await staffRepo.saveStaffCredential(tx, {
      organisationId,
      userId: person.id,
      placeRowId: place.id,
      externalUserId: String(kisiUserId),
      roleAssignmentId: String(roleAssignmentId),
      now: deps.clock.now(),
    });
    await staffRepo.enableStaffAccess(tx, organisationId, person.id);
    await repo.insertActivity(tx, {
      organisationId,
      actorUserId: auth.user.id,
      subjectType: 'staff',
      subjectId: person.id,
      action: 'staff.door_access_granted',
      data: { gym_id: gym.id, place_id: place.placeId, role_assignment_id: String(roleAssignmentId) },
      requestId: actor.requestId,
    });
    return saved;
  });
  return present(person.id, place, credential);
}

/**
 * Ends a person's door rights in Kisi before their staff record is deactivated: Kisi is asked first, so
 * a Kisi failure stops the deactivation (502) rather than leaving a deactivated person who can still
 * open doors. Answers the credential ids for the caller's transaction to mark revoked.
 */
export async function revokeDoorAccessInKisi(
  deps: AppDeps,
  organisationId: number,
  userId: number,
): Promise<number[]> {
  const credentials = await staffRepo.activeCredentials(deps.db, organisationId, userId);
  const withRights = credentials.filter((c) => c.roleAssignmentId);
  if (withRights.length > 0) {
    const kisi = await kisiFor(deps, organisationId);
    for (const credential of withRights) {
      await kisi.call((k) => k.revokeAccess(Number(credential.roleAssignmentId)));
    }
  }
  return credentials.map((c) => c.id);
}

/**
 * Ends the person's staff door rights in Kisi at the places of gyms other than `keepGymIds` (a staff
 * member whose roles no longer include those gyms). Returns the credentials to mark revoked in the
 * caller's transaction, as `revokeDoorAccessInKisi` does.
 */
export async function revokeStaffDoorAccessOutside(
  deps: AppDeps,
  organisationId: number,
  userId: number,
  keepGymIds: number[],
): Promise<number[]> {
  const credentials = await staffRepo.staffCredentialsOutside(deps.db, organisationId, userId, keepGymIds);
  if (credentials.length > 0) {
    const kisi = await kisiFor(deps, organisationId);
    for (const credential of credentials) {
      await kisi.call((k) => k.revokeAccess(Number(credential.roleAssignmentId)));
    }
  }
  return credentials.map((c) => c.id);
}
