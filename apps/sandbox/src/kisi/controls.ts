// Test and demo controls for the Kisi simulator: a reader tap (unlock without an API call) and the
// seeded organisation's ids.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseControl } from '../shared/control-routes';
import { ProviderHttpError } from '../shared/http';
import { type KisiContext, nowIso } from './context';
import type { KisiEvent } from './state';
import { attemptUnlock } from './unlock';

export interface KisiControls {
  reset(): void;
  /** A person presents their credential at the door's reader. */
  tap(lockId: number, userId: number): KisiEvent;
  events(): KisiEvent[];
  seed(): { ownerId: number; placeId: number; lockIds: number[]; groupId: number };
  /**
   * Remembers what the product already stored (the simulator keeps nothing between starts): an API key
   * accepted as the owner's, and places and doors with the product's ids. Existing ids are kept.
   */
  /**
   * Sets the event-webhook key of the Kisi organisation with this API key (what its admin types into
   * Kisi's event webhook integration); null goes back to the simulator's own key.
   */
  setWebhookSecret(apiKey: string, secret: string | null): void;
  remember(records: {
    apiKeys: string[];
    /** `apiKey`: the organisation key whose places these are (only it lists them). */
    places: { id: number; name: string; apiKey?: string; locks: { id: number; name: string }[] }[];
    /** Organisations' own event-webhook keys (set in their Kisi): their events are signed with them. */
    webhookSecrets?: { apiKey: string; secret: string }[];
  }): void;
}

export function createKisiControls(
  ctx: KisiContext,
  reset: () => void,
  seed: KisiControls['seed'],
): KisiControls {
  return {
    reset,
    seed,
    tap: (lockId, userId) => {
      const lock = ctx.state.locks.get(lockId);
      const user = ctx.state.users.get(userId);
      if (!lock || !user)
        throw new ProviderHttpError(404, { error: 'lock or user not found', code: 'not_found' });
      return attemptUnlock(ctx, user, lock);
    },
    events: () => [...ctx.state.events],
    setWebhookSecret: (apiKey, secret) => {
      ctx.settings.webhookSecrets ??= new Map();
      if (secret === null) ctx.settings.webhookSecrets.delete(apiKey);
      else ctx.settings.webhookSecrets.set(apiKey, secret);
    },
    remember: (records) => {
      ctx.settings.extraApiKeys ??= new Set();
      for (const key of records.apiKeys) ctx.settings.extraApiKeys.add(key);
      for (const { apiKey, secret } of records.webhookSecrets ?? []) {
        ctx.settings.webhookSecrets ??= new Map();
        ctx.settings.webhookSecrets.set(apiKey, secret);
      }
      const now = nowIso(ctx);
      const stamp = { created_at: now, updated_at: now };
      for (const place of records.places) {
        if (place.apiKey) {
          ctx.settings.placeKeys ??= new Map();
          ctx.settings.placeKeys.set(place.id, place.apiKey);
        }
        if (!ctx.state.places.has(place.id)) {
          ctx.state.places.set(place.id, {
            id: place.id,
            name: place.name,
            address: null,
            time_zone: 'Pacific/Auckland',
            latitude: null,
            longitude: null,
            ...stamp,
          });
        }
        for (const lock of place.locks) {
          if (ctx.state.locks.has(lock.id)) continue;
          ctx.state.locks.set(lock.id, {
            id: lock.id,
            name: lock.name,
            description: null,
            place_id: place.id,
            locked_down: false,
            ...stamp,
          });
        }
      }
    },
  };
}

export function registerKisiControlRoutes(app: FastifyInstance, controls: KisiControls): void {
  app.post<{ Params: { id: string } }>('/__sandbox/locks/:id/tap', async (request) => {
    const { user_id } = parseControl(z.object({ user_id: z.number().int() }), request.body);
    return controls.tap(Number(request.params.id), user_id);
  });
  app.get('/__sandbox/seed', async () => controls.seed());
}
