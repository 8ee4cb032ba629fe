// Door access follows money (BILLING.md, spec section 4): a member whose membership gives access (green,
// or amber for grace) holds a Kisi role at their gym's place; a pause, a cancellation taking effect or
// grace ending unpaid takes it away, and a pause ending gives it back. This brings Kisi and our
// credential rows into line with what the rules say now, so it can run again after any failure.
import { hasDoorAccess } from '@gym/domain/subscription-state';
import type { AppDeps } from '../../app-deps';
import { appendActivity } from '../../db/activity';
import { placeOfGym } from './access-control.repository';
import { doorHolders, type Holder, saveCredential } from './door-access.repository';
import { kisiFor } from './integration.service';

type DoorDeps = Pick<AppDeps, 'db' | 'secrets' | 'providers' | 'clock'>;

export type DoorChange = 'granted' | 'revoked' | 'unchanged' | 'no_place' | 'failed';

/** How many of each change a sync made, and the subscriptions Kisi could not be brought in line for. */
export type DoorSync = Record<DoorChange, number> & { failedIds: number[] };

/** Brings each subscription's member's door access into line with the rules; answers what changed. */
export async function syncDoorAccess(deps: DoorDeps, subscriptionIds: readonly number[]): Promise<DoorSync> {
  const counts: DoorSync = { granted: 0, revoked: 0, unchanged: 0, no_place: 0, failed: 0, failedIds: [] };
  if (subscriptionIds.length === 0) return counts;
  const holders = await doorHolders(deps.db, subscriptionIds);
  const now = deps.clock.now();
  // One lookup per gym and per organisation, however many members the day touched.
  const places = new Map<number, ReturnType<typeof placeOfGym>>();
  const kisis = new Map<number, ReturnType<typeof kisiFor>>();
  const lookups: Lookups = {
    place: (organisationId, gymId) => {
      if (!places.has(gymId)) places.set(gymId, placeOfGym(deps.db, organisationId, gymId));
      return places.get(gymId)!;
    },
    kisi: (organisationId) => {
      if (!kisis.has(organisationId)) kisis.set(organisationId, kisiFor(deps, organisationId));
      return kisis.get(organisationId)!;
    },
  };
  for (const h of holders) {
    const wanted = hasDoorAccess(
      {
        startDate: h.start_date,
        currentPeriodStart: h.current_period_start,
        currentPeriodEnd: h.current_period_end,
        endsAt: h.ends_at,
        pauseStartAt: h.paused_at,
        cancelledAt: h.cancelled_at,
        gracePeriodEndsAt: h.grace_period_ends_at,
        upcomingState: h.upcoming_state,
      } as never,
      now,
    );
    const holds = h.credential_status === 'active' && h.role_assignment_id !== null;
    if (wanted === holds) {
      counts.unchanged += 1;
      continue;
    }
    try {
      counts[await changeAccess(deps, lookups, h, wanted, now)] += 1;
    } catch (error) {
      counts.failed += 1;
      counts.failedIds.push(h.id);
      await appendActivity(deps.db, {
        organisationId: h.organisation_id,
        actorUserId: null,
        createdAt: now,
        userId: h.user_id,
        subjectType: 'subscription',
        subjectId: h.id,
        action: 'door_access.sync_failed',
        data: { wanted: wanted ? 'granted' : 'revoked', error: (error as Error).message },
      });
    }
  }
  return counts;
}

interface Lookups {
  place(organisationId: number, gymId: number): ReturnType<typeof placeOfGym>;
  kisi(organisationId: number): ReturnType<typeof kisiFor>;
}

async function changeAccess(
  deps: DoorDeps,
  lookups: Lookups,
  h: Holder,
  wanted: boolean,
  now: Date,
): Promise<DoorChange> {
  const place = await lookups.place(h.organisation_id, h.gym_id);
  if (!place || !/^\d+$/.test(place.placeId)) return 'no_place';
  const kisi = await lookups.kisi(h.organisation_id);
  let roleAssignmentId: string | null = null;
  let externalUserId = h.external_user_id;
  if (wanted) {
    const { userId } = await kisi.call((k) => k.ensureUser({ email: h.email, name: h.name }));
    externalUserId = String(userId);
    const granted = await kisi.call((k) =>
      k.grantStaffAccess({ userId, placeId: Number(place.placeId), roleId: 'basic' }),
    );
    roleAssignmentId = String(granted.roleAssignmentId);
  } else if (h.role_assignment_id) {
    await kisi.call((k) => k.revokeAccess(Number(h.role_assignment_id)));
  }
  await deps.db.transaction(async (tx) => {
    await saveCredential(tx, {
      organisationId: h.organisation_id,
      userId: h.user_id,
      placeRowId: place.id,
      externalUserId,
      roleAssignmentId,
      now,
      wanted,
    });
    await appendActivity(tx, {
      organisationId: h.organisation_id,
      actorUserId: null,
      createdAt: now,
      userId: h.user_id,
      subjectType: 'subscription',
      subjectId: h.id,
      action: wanted ? 'door_access.granted' : 'door_access.revoked',
      data: {
        gym_id: h.gym_id,
        place_id: place.placeId,
        role_assignment_id: roleAssignmentId ?? h.role_assignment_id,
      },
    });
  });
  return wanted ? 'granted' : 'revoked';
}
