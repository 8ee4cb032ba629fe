// Kisi places and doors: what Kisi has (marked with what is linked here), linking a place to a gym
// (Kisi is read first, then the place and its doors are written in one transaction), and which doors
// count visits.

import type { AppDeps } from '../../app-deps';
import type { Actor } from '../../auth/actor';
import type { AuthContext } from '../../auth/guard';
import { conflict, forbidden, notFound, validationError } from '../../http/app-error';
import { gymFor } from '../gyms';
import * as repo from './access-control.repository';
import { kisiFor } from './integration.service';

/** Organisation admins, and gym admins (who pick their gym's place), may look at places and doors. */
function requireAnyAdmin(auth: AuthContext) {
  if (!auth.isOrganisationAdmin && !auth.isGymAdmin) throw forbidden('Only admins can manage door access.');
}

export async function listPlaces(deps: AppDeps, auth: AuthContext) {
  requireAnyAdmin(auth);
  const org = await kisiFor(deps, auth.organisationId);
  const kisiPlaces = await org.call((kisi) => kisi.listPlaces());
  const linked = await repo.linkedPlaces(deps.db, auth.organisationId);
  return kisiPlaces.map((place) => {
    const link = linked.find((l) => l.placeId === String(place.id));
    return {
      id: link?.id ?? null,
      place_id: String(place.id),
      name: place.name,
      address: place.address,
      gym: link ? { id: link.gymId, name: link.gymName } : null,
    };
  });
}

export async function linkPlace(deps: AppDeps, actor: Actor, gymId: number, kisiPlaceId: number) {
  const organisationId = actor.auth.organisationId;
  const { gym } = await gymFor(deps, actor.auth, gymId, 'manage');
  const org = await kisiFor(deps, organisationId);
  const kisiPlace = (await org.call((kisi) => kisi.listPlaces())).find((p) => p.id === kisiPlaceId);
  if (!kisiPlace) throw validationError({ place_id: ['Kisi has no place with this id'] });
  const kisiDoors = await org.call((kisi) => kisi.listDoors(kisiPlaceId));
  const placeId = String(kisiPlaceId);
  const linkedElsewhere = (await repo.linkedPlaces(deps.db, organisationId)).find(
    (l) => l.placeId === placeId && l.gymId !== gym.id,
  );
  if (linkedElsewhere) throw conflict(`This Kisi place is already linked to ${linkedElsewhere.gymName}.`);

  return deps.db.transaction(async (tx) => {
    const current = await repo.placeOfGym(tx, organisationId, gym.id);
    if (current && current.placeId !== placeId && (await repo.placeInUse(tx, organisationId, current.id))) {
      throw conflict(
        `People have door access or visits through ${current.name}, so ${gym.name} stays linked to it.`,
      );
    }
    const values = { integrationId: org.integration.id, placeId, name: kisiPlace.name };
    const place = current
      ? await repo.updatePlace(tx, organisationId, current.id, values)
      : await repo.insertPlace(tx, { organisationId, gymId: gym.id, ...values });
    const doors = await repo.syncDoors(
      tx,
      organisationId,
      place.id,
      kisiDoors.map((d) => ({ doorId: String(d.id), name: d.name })),
    );
    await repo.insertActivity(tx, {
      organisationId,
      actorUserId: actor.auth.user.id,
      subjectType: 'gym',
      subjectId: gym.id,
      action: 'gym.place_linked',
      data: { place_id: placeId, previous_place_id: current?.placeId ?? null, doors: doors.length },
      requestId: actor.requestId,
    });
    return { place, doors };
  });
}

/** Kisi's doors of a place, each with our record (and its visit setting) when the place is linked. */
export async function listDoors(deps: AppDeps, auth: AuthContext, kisiPlaceId: number) {
  requireAnyAdmin(auth);
  const org = await kisiFor(deps, auth.organisationId);
  const known = (await org.call((kisi) => kisi.listPlaces())).some((p) => p.id === kisiPlaceId);
  if (!known) throw notFound('Kisi has no such place.');
  const kisiDoors = await org.call((kisi) => kisi.listDoors(kisiPlaceId));
  const linked = await repo.placeByKisiId(deps.db, auth.organisationId, String(kisiPlaceId));
  const stored = linked ? await repo.doorsOf(deps.db, auth.organisationId, [linked.id]) : [];
  return kisiDoors.map((door) => {
    const ours = stored.find((s) => s.doorId === String(door.id));
    return {
      id: ours?.id ?? null,
      name: door.name,
      door_id: String(door.id),
      tracks_visits: ours?.tracksVisits ?? true,
    };
  });
}

/** Whether unlocks of one door count as visits (the gym's admins decide). */
export async function setDoorTracksVisits(
  deps: AppDeps,
  actor: Actor,
  kisiPlaceId: number,
  kisiDoorId: number,
  tracksVisits: boolean,
) {
  requireAnyAdmin(actor.auth);
  const organisationId = actor.auth.organisationId;
  const place = await repo.placeByKisiId(deps.db, organisationId, String(kisiPlaceId));
  if (!place) throw notFound('No gym is linked to this place.');
  const { gym } = await gymFor(deps, actor.auth, place.gymId, 'manage');
  return deps.db.transaction(async (tx) => {
    const door = await repo.setDoorTracksVisits(
      tx,
      organisationId,
      place.id,
      String(kisiDoorId),
      tracksVisits,
    );
    if (!door) throw notFound('This door is not one of the place’s doors.');
    await repo.insertActivity(tx, {
      organisationId,
      actorUserId: actor.auth.user.id,
      subjectType: 'gym',
      subjectId: gym.id,
      action: 'gym.door_tracks_visits_changed',
      data: { door_id: door.doorId, tracks_visits: tracksVisits },
      requestId: actor.requestId,
    });
    return door;
  });
}
