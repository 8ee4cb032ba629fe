// The access-control answers, shared by the server (which sends them) and the page (which checks them on
// arrival): the integration (never its key), Kisi's places and doors marked with what is linked here, a
// gym's place and doors, and a staff member's door access.
import { z } from 'zod';
import { envelope } from './envelope';

/** The door provider names of each integration type. */
export const INTEGRATION_NAMES = { kisi: 'Kisi' } as const;

/**
 * The access-control entry of the specification (section 3: id, integration_type, the integration). The
 * entry and its Kisi integration are one record here, so `integration` describes the same record as the
 * provider holds it: its name, and whether its key is set (the key itself is write-only).
 */
const integrationSchema = z.object({
  id: z.number(),
  integration_type: z.enum(['kisi']),
  /** Always true: the key is stored sealed and never sent back. */
  api_key_set: z.boolean(),
  /**
   * Whether the organisation gave its own Kisi event-webhook signing key (stored sealed, never sent
   * back); without one, door events are checked with the platform's key.
   */
  webhook_secret_set: z.boolean(),
  integration: z.object({
    id: z.number(),
    type: z.enum(['kisi']),
    name: z.string(),
    api_key_set: z.boolean(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export const integrationAnswer = envelope(integrationSchema.nullable());

const kisiPlaceSchema = z.object({
  /** Our record of the place when a gym is linked to it, else null. */
  id: z.number().nullable(),
  place_id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  gym: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export const kisiPlacesAnswer = envelope(z.array(kisiPlaceSchema));

const placeSchema = z.object({
  id: z.number(),
  name: z.string(),
  place_id: z.string(),
  gym_id: z.number(),
});
const doorSchema = z.object({
  id: z.number(),
  name: z.string(),
  door_id: z.string(),
  tracks_visits: z.boolean(),
});
export const linkedPlaceAnswer = envelope(z.object({ place: placeSchema, doors: z.array(doorSchema) }));
export const doorAnswer = envelope(doorSchema);

const kisiDoorSchema = doorSchema.extend({
  /** Our record of the door when its place is linked, else null. */
  id: z.number().nullable(),
});
export const kisiDoorsAnswer = envelope(z.array(kisiDoorSchema));

const staffAccessSchema = z.object({
  user_id: z.number(),
  access_enabled: z.boolean(),
  place: placeSchema,
  kisi_user_id: z.string().nullable(),
  granted_at: z.string().nullable(),
});
export const staffAccessAnswer = envelope(staffAccessSchema);

export type Integration = z.infer<typeof integrationSchema>;
export type KisiPlace = z.infer<typeof kisiPlaceSchema>;
export type KisiDoor = z.infer<typeof kisiDoorSchema>;
export type Place = z.infer<typeof placeSchema>;
export type Door = z.infer<typeof doorSchema>;
