// The access-control answers, checked on arrival. Mirrors apps/server/src/features/access-control/
// access-control.presenter.ts, so drift shows as 'invalid_response', not wrong screens.
import { z } from 'zod';

export const integrationSchema = z.object({
  id: z.number(),
  integration_type: z.enum(['kisi']),
  api_key_set: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const integrationAnswer = z.object({ data: integrationSchema.nullable() });

export const kisiPlaceSchema = z.object({
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
export const kisiDoorSchema = doorSchema.extend({ id: z.number().nullable() });
export const kisiDoorsAnswer = z.object({ data: z.array(kisiDoorSchema) });

export const staffAccessAnswer = z.object({
  data: z.object({
    user_id: z.number(),
    access_enabled: z.boolean(),
    place: placeSchema,
    kisi_user_id: z.string().nullable(),
    granted_at: z.string().nullable(),
  }),
});

export type Integration = z.infer<typeof integrationSchema>;
export type KisiPlace = z.infer<typeof kisiPlaceSchema>;
export type KisiDoor = z.infer<typeof kisiDoorSchema>;

/** Query keys of this feature: everything under ['access-control', organisationId] refreshes together. */
export const accessKeys = {
  all: ['access-control'] as const,
  organisation: (organisationId: number) => ['access-control', organisationId] as const,
  integration: (organisationId: number) => ['access-control', organisationId, 'integration'] as const,
  places: (organisationId: number) => ['access-control', organisationId, 'places'] as const,
  doors: (organisationId: number, placeId: string) =>
    ['access-control', organisationId, 'doors', placeId] as const,
  staff: (staffId: number) => ['access-control', 'staff', staffId] as const,
};
