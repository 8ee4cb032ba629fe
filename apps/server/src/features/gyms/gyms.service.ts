// Gym rules: who may read or change which gym, and the settings changes (secrets sealed at rest).

import {
  type AkahuConfigUpdate,
  akahuConfigBody,
  type BranchConfigUpdate,
  branchConfigBody,
  type GymUpdate,
} from '@gym/domain/api/gym-requests';
import type { ActivityAction } from '@gym/domain/labels';
import { percentToBasisPoints } from '@gym/domain/money';
import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import type { AuthContext } from '../../auth/guard';
import type { StaffRole } from '../../auth/memberships';
import { forbidden, notFound, validationError } from '../../http/app-error';
import { mergedUpdate } from '../../http/merged-update';
import * as repo from './gyms.repository';

/** The viewer's role at a gym of the current organisation: organisation admins are admins of every gym. */
export function roleAt(auth: AuthContext, gymId: number): StaffRole | null {
  if (auth.isOrganisationAdmin) return 'admin';
  return (
    auth.memberships.gyms.find((g) => g.id === gymId && g.organisation_id === auth.organisationId)?.role ??
    null
  );
}

/**
 * A gym of the current organisation the viewer may read (any staff role there) or manage (admin there).
 * Another organisation's gym answers 404; a gym of this organisation without the role answers 403.
 */
export async function gymFor(deps: AppDeps, auth: AuthContext, gymId: number, access: 'read' | 'manage') {
  const gym = await repo.findGym(deps.db, auth.organisationId, gymId);
  if (!gym) throw notFound('Gym not found.');
  const role = roleAt(auth, gymId);
  if (role === null) throw forbidden('You are not staff of this gym.');
  if (access === 'manage' && role !== 'admin') throw forbidden('Only admins of this gym can change it.');
  return { gym, role };
}

export async function gymDetail(deps: AppDeps, auth: AuthContext, gymId: number) {
  const { gym, role } = await gymFor(deps, auth, gymId, 'read');
  const [counted] = (
    await repo.listGyms(deps.db, auth.organisationId, { gymIds: [gym.id], limit: 1, offset: 0 })
  ).rows;
  const parts = await repo.gymParts(deps.db, auth.organisationId, gym.id);
  return {
    gym,
    organisation: { id: auth.organisationId, name: auth.organisation?.name ?? '' },
    counts: counted ?? { staffCount: 0, membersCount: 0 },
    parts,
    viewerRole: role,
  };
}

/** Applies changes to a gym the actor manages, logging who changed what (money settings included). */
export async function changeGym(
  deps: AppDeps,
  actor: Actor,
  gymId: number,
  action: ActivityAction,
  changes: repo.GymChanges,
) {
  const { gym } = await gymFor(deps, actor.auth, gymId, 'manage');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await repo.updateGym(tx, actor.auth.organisationId, gym.id, changes, now);
    // Secret values never reach the log: only which fields changed.
    const logged = Object.fromEntries(
      Object.entries(changes).map(([key, value]) => [key, /secret/i.test(key) ? '[sealed]' : value]),
    );
    await repo.insertGymActivity(tx, {
      organisationId: actor.auth.organisationId,
      gymId: gym.id,
      actorUserId: actor.auth.user.id,
      action,
      data: logged,
      requestId: actor.requestId,
    });
  });
  return gymDetail(deps, actor.auth, gym.id);
}

export const updateGym = (deps: AppDeps, actor: Actor, gymId: number, input: GymUpdate) =>
  changeGym(deps, actor, gymId, 'gym.updated', {
    name: input.name,
    ...(input.price_change_notification_reply_to !== undefined
      ? { priceChangeNotificationReplyTo: input.price_change_notification_reply_to }
      : {}),
    ...(input.break_fee_percentage !== undefined
      ? { breakFeeBasisPoints: percentToBasisPoints(input.break_fee_percentage)! }
      : {}),
    ...(input.card_surcharge_percentage !== undefined
      ? { cardSurchargeBasisPoints: percentToBasisPoints(input.card_surcharge_percentage)! }
      : {}),
    ...(input.general_card_surcharge_text !== undefined
      ? { generalCardSurchargeText: input.general_card_surcharge_text }
      : {}),
  });

export const setTracksVisits = (deps: AppDeps, actor: Actor, gymId: number, tracksVisits: boolean) =>
  changeGym(deps, actor, gymId, 'gym.tracks_visits_changed', { tracksVisits });

/** A secret must be given the first time; afterwards a blank one keeps what is stored. */
async function sealedSecret(
  deps: AppDeps,
  actor: Actor,
  gymId: number,
  field: 'branchSecret' | 'akahuAppSecret',
  value: string | null | undefined,
  name: string,
) {
  if (value) return { [field]: deps.secrets.seal(value) };
  const { gym } = await gymFor(deps, actor.auth, gymId, 'manage');
  if (gym[field] === null) throw validationError({ [name]: ['The value is required'] });
  return {};
}

export async function setBranchConfig(deps: AppDeps, actor: Actor, gymId: number, given: BranchConfigUpdate) {
  // Fields left out keep their stored values; the first setting needs them all.
  const { gym } = await gymFor(deps, actor.auth, gymId, 'manage');
  const input = mergedUpdate(
    branchConfigBody,
    { branch_app_id: gym.branchAppId, branch_key: gym.branchKey },
    given,
  );
  const secret = await sealedSecret(deps, actor, gymId, 'branchSecret', input.branch_secret, 'branch_secret');
  return changeGym(deps, actor, gymId, 'gym.branch_config_changed', {
    branchAppId: input.branch_app_id,
    branchKey: input.branch_key,
    ...secret,
  });
}

export async function setAkahuConfig(deps: AppDeps, actor: Actor, gymId: number, given: AkahuConfigUpdate) {
  const { gym } = await gymFor(deps, actor.auth, gymId, 'manage');
  const input = mergedUpdate(akahuConfigBody, { akahu_app_token: gym.akahuAppToken }, given);
  const secret = await sealedSecret(
    deps,
    actor,
    gymId,
    'akahuAppSecret',
    input.akahu_app_secret,
    'akahu_app_secret',
  );
  return changeGym(deps, actor, gymId, 'gym.akahu_config_changed', {
    akahuAppToken: input.akahu_app_token,
    ...secret,
  });
}
