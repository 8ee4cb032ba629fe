// The organisation's Kisi integration, each gym's place and its doors. All SQL of those tables here;
// every function is scoped to the organisation it is given.
import type { ActivityAction } from '@gym/domain/labels';
import { and, asc, count, eq, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import { appendActivity } from '../../db/activity';
import type { Executor } from '../../db/client';
import {
  accessControlIntegrations,
  accessCredentials,
  doors,
  gyms,
  places,
  visits,
} from '../../db/schema/index';

export type IntegrationRow = typeof accessControlIntegrations.$inferSelect;
export type PlaceRow = typeof places.$inferSelect;
export type DoorRow = typeof doors.$inferSelect;

export async function findIntegration(db: Executor, organisationId: number) {
  const [row] = await db
    .select()
    .from(accessControlIntegrations)
    .where(eq(accessControlIntegrations.organisationId, organisationId));
  return row ?? null;
}

/** One integration per organisation: a new key replaces the old one (places stay linked to it). */
export async function saveIntegration(
  db: Executor,
  organisationId: number,
  input: {
    integrationType: 'kisi';
    sealedApiKey: string;
    /** Absent: the stored one stays; null: none (the platform's key applies). */
    sealedWebhookSecret?: string | null;
    now: Date;
  },
) {
  const webhook =
    input.sealedWebhookSecret === undefined ? {} : { sealedWebhookSecret: input.sealedWebhookSecret };
  const [row] = await db
    .insert(accessControlIntegrations)
    .values({
      organisationId,
      integrationType: input.integrationType,
      apiKey: input.sealedApiKey,
      ...webhook,
    })
    .onConflictDoUpdate({
      target: accessControlIntegrations.organisationId,
      set: {
        integrationType: input.integrationType,
        apiKey: input.sealedApiKey,
        ...webhook,
        updatedAt: input.now,
      },
    })
    .returning();
  return row!;
}

/** Every linked place of the organisation with its gym's name (one query). */
export function linkedPlaces(db: Executor, organisationId: number) {
  return db
    .select({ id: places.id, placeId: places.placeId, name: places.name, gymId: gyms.id, gymName: gyms.name })
    .from(places)
    .innerJoin(gyms, and(eq(gyms.id, places.gymId), eq(gyms.organisationId, places.organisationId)))
    .where(eq(places.organisationId, organisationId))
    .orderBy(asc(gyms.name), asc(gyms.id));
}

/** The Kisi place linked to the gym, with the gym's name; null when the gym has none. */
export async function placeOfGym(db: Executor, organisationId: number, gymId: number) {
  const [row] = await db
    .select({ ...getTableColumns(places), gymName: gyms.name })
    .from(places)
    .innerJoin(gyms, eq(gyms.id, places.gymId))
    .where(and(eq(places.organisationId, organisationId), eq(places.gymId, gymId)));
  return row ?? null;
}

export async function placeByKisiId(db: Executor, organisationId: number, kisiPlaceId: string) {
  const [row] = await db
    .select()
    .from(places)
    .where(and(eq(places.organisationId, organisationId), eq(places.placeId, kisiPlaceId)))
    .orderBy(asc(places.id))
    .limit(1);
  return row ?? null;
}

/** Whether anything refers to the place: door credentials, or visits through its doors. */
export async function placeInUse(db: Executor, organisationId: number, placeRowId: number) {
  const [credentials] = await db
    .select({ n: count() })
    .from(accessCredentials)
    .where(
      and(eq(accessCredentials.organisationId, organisationId), eq(accessCredentials.placeId, placeRowId)),
    );
  const [doorVisits] = await db
    .select({ n: count() })
    .from(visits)
    .innerJoin(doors, eq(doors.id, visits.doorId))
    .where(and(eq(visits.organisationId, organisationId), eq(doors.placeId, placeRowId)));
  return Number(credentials?.n ?? 0) > 0 || Number(doorVisits?.n ?? 0) > 0;
}

export async function insertPlace(
  db: Executor,
  input: { organisationId: number; gymId: number; integrationId: number; placeId: string; name: string },
) {
  const [row] = await db.insert(places).values(input).returning();
  return row!;
}

export async function updatePlace(
  db: Executor,
  organisationId: number,
  placeRowId: number,
  changes: { integrationId: number; placeId: string; name: string },
) {
  const [row] = await db
    .update(places)
    .set(changes)
    .where(and(eq(places.organisationId, organisationId), eq(places.id, placeRowId)))
    .returning();
  return row!;
}

/**
 * Makes the place's doors those Kisi lists: new ones added, names refreshed, and doors Kisi no longer
 * has removed unless visits refer to them (history keeps its door).
 */
export async function syncDoors(
  db: Executor,
  organisationId: number,
  placeRowId: number,
  kisiDoors: { doorId: string; name: string }[],
) {
  if (kisiDoors.length > 0) {
    await db
      .insert(doors)
      .values(kisiDoors.map((d) => ({ organisationId, placeId: placeRowId, doorId: d.doorId, name: d.name })))
      .onConflictDoUpdate({ target: [doors.placeId, doors.doorId], set: { name: sql`excluded.name` } });
  }
  const gone = and(
    eq(doors.organisationId, organisationId),
    eq(doors.placeId, placeRowId),
    kisiDoors.length > 0
      ? notInArray(
          doors.doorId,
          kisiDoors.map((d) => d.doorId),
        )
      : undefined,
    sql`not exists (select 1 from ${visits} where ${visits.doorId} = ${doors.id})`,
  );
  await db.delete(doors).where(gone);
  return doorsOf(db, organisationId, [placeRowId]);
}

export function doorsOf(db: Executor, organisationId: number, placeRowIds: number[]) {
  if (placeRowIds.length === 0) return Promise.resolve([] as DoorRow[]);
  return db
    .select()
    .from(doors)
    .where(and(eq(doors.organisationId, organisationId), inArray(doors.placeId, placeRowIds)))
    .orderBy(asc(doors.name), asc(doors.id));
}

export async function setDoorTracksVisits(
  db: Executor,
  organisationId: number,
  placeRowId: number,
  doorId: string,
  tracksVisits: boolean,
) {
  const [row] = await db
    .update(doors)
    .set({ tracksVisits })
    .where(
      and(eq(doors.organisationId, organisationId), eq(doors.placeId, placeRowId), eq(doors.doorId, doorId)),
    )
    .returning();
  return row ?? null;
}

export async function insertActivity(
  db: Executor,
  entry: {
    organisationId: number;
    actorUserId: number;
    subjectType: 'organisation' | 'gym' | 'staff';
    subjectId: number;
    userId?: number;
    action: ActivityAction;
    data: Record<string, unknown>;
    requestId: string;
  },
) {
  await appendActivity(db, entry);
}
