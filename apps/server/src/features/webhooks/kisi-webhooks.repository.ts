// Lookups and writes for Kisi door events. `placesWithKisiId` finds the organisation a Kisi place
// belongs to (so takes none); the rest are scoped to it.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  accessControlIntegrations,
  accessCredentials,
  doors,
  gyms,
  places,
  visits,
} from '../../db/schema/index';

export async function placesWithKisiId(db: Executor, kisiPlaceId: string) {
  return db
    .select({
      id: places.id,
      organisationId: places.organisationId,
      gymId: places.gymId,
      gymTracksVisits: gyms.tracksVisits,
      /** The organisation's own event-webhook signing key (sealed), or null: the platform's applies. */
      sealedWebhookSecret: accessControlIntegrations.sealedWebhookSecret,
    })
    .from(places)
    .innerJoin(gyms, eq(gyms.id, places.gymId))
    .leftJoin(accessControlIntegrations, eq(accessControlIntegrations.organisationId, places.organisationId))
    .where(eq(places.placeId, kisiPlaceId))
    .orderBy(places.id);
}

/** The member holding this Kisi user at the place, and the door, each when known. */
export async function doorEventAt(
  db: Executor,
  organisationId: number,
  input: { placeId: number; kisiUserId: string; kisiLockId: string },
) {
  const [credential] = await db
    .select({ userId: accessCredentials.userId })
    .from(accessCredentials)
    .where(
      and(
        eq(accessCredentials.organisationId, organisationId),
        eq(accessCredentials.placeId, input.placeId),
        eq(accessCredentials.externalUserId, input.kisiUserId),
      ),
    )
    .limit(1);
  const [door] = await db
    .select({ id: doors.id, tracksVisits: doors.tracksVisits })
    .from(doors)
    .where(
      and(
        eq(doors.organisationId, organisationId),
        eq(doors.placeId, input.placeId),
        eq(doors.doorId, input.kisiLockId),
      ),
    );
  return { userId: credential?.userId ?? null, door: door ?? null };
}

/** One visit per door event (the event id is unique); false when it was already recorded. */
export async function insertVisit(
  tx: Executor,
  organisationId: number,
  visit: {
    gymId: number;
    userId: number;
    doorId: number | null;
    visitedAt: Date;
    successful: boolean;
    externalEventId: string;
  },
): Promise<boolean> {
  const rows = await tx
    .insert(visits)
    .values({ organisationId, ...visit })
    .onConflictDoNothing({ target: visits.externalEventId })
    .returning({ id: visits.id });
  return rows.length > 0;
}
