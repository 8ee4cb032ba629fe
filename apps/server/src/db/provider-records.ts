// What the product holds at the providers: each gym's connected Stripe account, each organisation's Kisi
// API key, and the Kisi places and doors linked to gyms. In sandbox mode the start script hands these to
// the simulators, which keep nothing between starts, so the demo's (and anyone's) connections keep
// working after a restart instead of contradicting what the gym page says.
import { isNotNull } from 'drizzle-orm';
import type { Executor } from './client';
import * as s from './schema/index';
import type { SecretBox } from './secrets';

export interface ProviderRecords {
  stripeAccounts: { id: string; name: string }[];
  kisi: {
    apiKeys: string[];
    /** Each place with the key of the organisation it belongs to (only that key lists it). */
    places: { id: number; name: string; apiKey?: string; locks: { id: number; name: string }[] }[];
  };
}

/** A fixed four queries, whatever the number of gyms. */
export async function loadProviderRecords(db: Executor, secrets: SecretBox): Promise<ProviderRecords> {
  const gyms = await db
    .select({ stripeId: s.gyms.stripeId, name: s.gyms.name })
    .from(s.gyms)
    .where(isNotNull(s.gyms.stripeId));
  const integrations = await db
    .select({ id: s.accessControlIntegrations.id, apiKey: s.accessControlIntegrations.apiKey })
    .from(s.accessControlIntegrations);
  const places = await db
    .select({
      id: s.places.id,
      placeId: s.places.placeId,
      name: s.places.name,
      integrationId: s.places.integrationId,
    })
    .from(s.places);
  const doors = await db
    .select({ placeId: s.doors.placeId, doorId: s.doors.doorId, name: s.doors.name })
    .from(s.doors);
  const numeric = (value: string) => (/^\d{1,9}$/.test(value) ? Number(value) : null);
  const keys = new Map(
    integrations.flatMap((row) => {
      try {
        return [[row.id, secrets.open(row.apiKey)] as const];
      } catch {
        return []; // sealed with another key: nothing to remember
      }
    }),
  );
  return {
    stripeAccounts: gyms.flatMap((gym) => (gym.stripeId ? [{ id: gym.stripeId, name: gym.name }] : [])),
    kisi: {
      apiKeys: [...keys.values()],
      places: places.flatMap((place) => {
        const id = numeric(place.placeId);
        if (id === null) return [];
        const locks = doors.flatMap((door) => {
          const lockId = door.placeId === place.id ? numeric(door.doorId) : null;
          return lockId === null ? [] : [{ id: lockId, name: door.name }];
        });
        const apiKey = place.integrationId === null ? undefined : keys.get(place.integrationId);
        return [{ id, name: place.name, ...(apiKey ? { apiKey } : {}), locks }];
      }),
    },
  };
}
