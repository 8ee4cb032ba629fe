// Access-control answers: the integration (never its key), Kisi's places and doors marked with what is
// linked here, a gym's place and doors, and a staff member's door access.
import { z } from 'zod';
import type { DoorRow, IntegrationRow, PlaceRow } from './access-control.repository';

export const integrationSchema = z.object({
  id: z.number(),
  integration_type: z.enum(['kisi']),
  /** Always true: the key is stored sealed and never sent back. */
  api_key_set: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const integrationAnswer = z.object({ data: integrationSchema.nullable() });

export const kisiPlaceSchema = z.object({
  /** Our record of the place when a gym is linked to it, else null. */
  id: z.number().nullable(),
  place_id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  gym: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export const kisiPlacesAnswer = z.object({ data: z.array(kisiPlaceSchema) });

export const placeSchema = z.object({
  id: z.number(),
  name: z.string(),
  place_id: z.string(),
  gym_id: z.number(),
});
export const doorSchema = z.object({
  id: z.number(),
  name: z.string(),
  door_id: z.string(),
  tracks_visits: z.boolean(),
});
export const linkedPlaceAnswer = z.object({
  data: z.object({ place: placeSchema, doors: z.array(doorSchema) }),
});
export const doorAnswer = z.object({ data: doorSchema });

export const kisiDoorSchema = doorSchema.extend({
  /** Our record of the door when its place is linked, else null. */
  id: z.number().nullable(),
});
export const kisiDoorsAnswer = z.object({ data: z.array(kisiDoorSchema) });

export const staffAccessSchema = z.object({
  user_id: z.number(),
  access_enabled: z.boolean(),
  place: placeSchema,
  kisi_user_id: z.string().nullable(),
  granted_at: z.string().nullable(),
});
export const staffAccessAnswer = z.object({ data: staffAccessSchema });

export const presentIntegration = (row: IntegrationRow) => ({
  id: row.id,
  integration_type: 'kisi' as const,
  api_key_set: row.apiKey !== '',
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const presentPlace = (row: PlaceRow) => ({
  id: row.id,
  name: row.name,
  place_id: row.placeId,
  gym_id: row.gymId,
});

export const presentDoor = (row: DoorRow) => ({
  id: row.id,
  name: row.name,
  door_id: row.doorId,
  tracks_visits: row.tracksVisits,
});
