// A member's door access (Kisi): whether the rules give it and whether Kisi holds it, their credentials,
// and a new Kisi login when their phone lost the old one (through the organisation's Kisi adapter).
import { hasDoorAccess } from '@gym/domain/subscription-state';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import type { AuthContext } from '../../auth/guard';
import { appendActivity } from '../../db/activity';
import { AppError, conflict } from '../../http/app-error';
import { kisiFor, placeOfGym, syncDoorAccess } from '../access-control';
import * as accessRepo from './member-access.repository';
import { credentials, presentCredential } from './member-credentials';
import { stateInput } from './members.presenter';
import * as repo from './members.repository';
import { memberFor } from './members.service';

/** The gym whose doors the member uses: their latest subscription's, else their home gym. */
async function placeForMember(deps: AppDeps, organisationId: number, member: repo.MemberRow) {
  const sub = await repo.latestSubscription(deps.db, organisationId, member.id);
  const gymId = sub?.gym_id ?? member.home_gym_id;
  if (gymId === null) return { sub, place: null };
  const place = await placeOfGym(deps.db, organisationId, gymId);
  return { sub, place: place ?? null, gymId };
}

export async function memberAccessControl(deps: AppDeps, auth: AuthContext, userId: number) {
  const member = await memberFor(deps, auth, userId, 'read');
  const { sub, place } = await placeForMember(deps, auth.organisationId, member);
  const integration = await accessRepo.integrationOf(deps.db, auth.organisationId);
  const held = place
    ? (await credentials(deps.db, auth.organisationId, member.id)).find((c) => c.place_row_id === place.id)
    : undefined;
  return {
    should_have_access: sub ? hasDoorAccess(stateInput(sub), deps.clock.now()) : false,
    has_access: held !== undefined && held.status === 'active' && held.role_assignment_id !== null,
    integration: integration ?? null,
    place: place
      ? {
          id: place.id,
          name: place.name,
          place_id: place.placeId,
          gym: { id: place.gymId, name: place.gymName },
        }
      : null,
  };
}

export async function memberCredentials(deps: AppDeps, auth: AuthContext, userId: number) {
  const member = await memberFor(deps, auth, userId, 'read');
  return (await credentials(deps.db, auth.organisationId, member.id)).map(presentCredential);
}

/**
 * A new Kisi login for the member at their gym's place (the old one is removed in Kisi first). A login
 * only signs the member in; the door right is the Kisi role the door sync gives or takes by the
 * membership's state. So the sync runs first: a member whose membership gives no door access (paused,
 * cancelled, grace ended) holds no role when the new login is made, even if an earlier sync failed and
 * left one behind; if Kisi cannot take it away now, no login is made. A member whose membership gives
 * access gets the role at once (the new login opens the doors). Kisi is asked before anything of the
 * login is written, so a Kisi failure changes nothing here. The secret is answered once and not stored.
 */
export async function recreateKisiLogin(deps: AppDeps, actor: Actor, userId: number) {
  const { auth } = actor;
  const member = await memberFor(deps, auth, userId, 'manage');
  const { sub, place } = await placeForMember(deps, auth.organisationId, member);
  if (!place) throw conflict('The member’s gym has no Kisi place yet: link the gym to its Kisi place first.');
  if (sub && sub.gym_id === place.gymId) {
    const doors = await syncDoorAccess(deps, [sub.id]);
    if (doors.failed > 0)
      throw new AppError('provider_unavailable', {
        message:
          'Kisi could not bring the member’s door access into line with their membership, so no new login was made. Try again shortly.',
      });
  }
  const existing = (await credentials(deps.db, auth.organisationId, member.id)).find(
    (c) => c.place_row_id === place.id,
  );
  const kisi = await kisiFor(deps, auth.organisationId);
  const previous = existing?.login_id && /^\d+$/.test(existing.login_id) ? Number(existing.login_id) : null;
  // Kisi makes logins only for its managed users: the member is found (or made) there first.
  const { userId: kisiUserId } = await kisi.call((k) =>
    k.ensureUser({ email: member.email, name: member.name }),
  );
  const login = await kisi.call((k) => k.recreateLogin(member.email, previous));
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // A new row holds the login only ('revoked': no door right yet); the door sync grants the right.
    await accessRepo.saveLogin(tx, {
      organisationId: auth.organisationId,
      userId: member.id,
      placeId: place.id,
      kisiUserId: String(kisiUserId),
      loginId: String(login.loginId),
      now,
    });
    await appendActivity(tx, {
      organisationId: auth.organisationId,
      actorUserId: auth.user.id,
      userId: member.id,
      subjectType: 'member',
      subjectId: member.id,
      action: 'member.kisi_login_recreated',
      data: { place_id: place.placeId, previous_login_id: previous, login_id: login.loginId },
      requestId: actor.requestId,
      createdAt: now,
    });
  });
  const saved = (await credentials(deps.db, auth.organisationId, member.id)).find(
    (c) => c.place_row_id === place.id,
  )!;
  return { credential: presentCredential(saved), login_secret: login.secret };
}
