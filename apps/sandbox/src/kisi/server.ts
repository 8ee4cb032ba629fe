// Builds the Kisi simulator's listener, seeded with an organisation owner, a place, two doors and a
// members' group, so a demo works before anything is set up.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseControl, registerCommonControls, registerTestEventRoute } from '../shared/control-routes';
import { FaultInjector } from '../shared/faults';
import { createServiceApp } from '../shared/http';
import type { SandboxRuntime } from '../shared/runtime';
import { type KisiContext, type KisiSettings, webhookSecretFor } from './context';
import { createKisiControls, type KisiControls, registerKisiControlRoutes } from './controls';
import { kisiErrorBody } from './errors';
import { registerPlaceRoutes } from './place-routes';
import { registerRoleAssignmentRoutes } from './role-assignment-routes';
import { KisiState } from './state';
import { emitKisiTestEvent, kisiSignature, registerUnlockRoutes } from './unlock';
import { registerUserRoutes } from './user-routes';

export interface KisiSimulator {
  app: FastifyInstance;
  controls: KisiControls;
  faults: FaultInjector;
}

function seedOrganisation(ctx: KisiContext) {
  const { state } = ctx;
  const now = ctx.runtime.clock.now().toISOString();
  const stamp = { created_at: now, updated_at: now };
  const owner = {
    id: state.id(),
    name: 'Sandbox Owner',
    email: 'owner@sandbox.kisi',
    confirmed: true,
    send_emails: true,
    metadata: null,
    ...stamp,
  };
  state.users.set(owner.id, owner);
  state.ownerId = owner.id;
  const place = {
    id: state.id(),
    name: 'Sandbox Gym',
    address: '1 Queen Street, Auckland',
    time_zone: 'Pacific/Auckland',
    latitude: -36.8485,
    longitude: 174.7633,
    ...stamp,
  };
  state.places.set(place.id, place);
  const lockIds = ['Front door', 'Studio'].map((name) => {
    const lock = {
      id: state.id(),
      name,
      description: null,
      place_id: place.id,
      locked_down: false,
      ...stamp,
    };
    state.locks.set(lock.id, lock);
    return lock.id;
  });
  const group = {
    id: state.id(),
    name: 'Members',
    description: 'Everyone with a current membership',
    place_id: place.id,
    ...stamp,
  };
  state.groups.set(group.id, group);
  for (const lockId of lockIds) {
    const link = { id: state.id(), group_id: group.id, lock_id: lockId, created_at: now };
    state.groupLocks.set(link.id, link);
  }
  return { ownerId: owner.id, placeId: place.id, lockIds, groupId: group.id };
}

export function createKisiSimulator(runtime: SandboxRuntime, settings: KisiSettings): KisiSimulator {
  const ctx: KisiContext = { runtime, state: new KisiState(), settings };
  const faults = new FaultInjector();
  runtime.webhooks.registerSigner('kisi', (body): Record<string, string> => {
    let placeId: number | null = null;
    try {
      const parsed = JSON.parse(body) as { place_id?: unknown };
      placeId = typeof parsed.place_id === 'number' ? parsed.place_id : null;
    } catch {
      placeId = null;
    }
    const secret = webhookSecretFor(settings, placeId);
    return secret ? { 'X-Signature': kisiSignature(secret, body) } : {};
  });
  let seeded = seedOrganisation(ctx);
  const reset = () => {
    ctx.state.clear();
    faults.clear();
    runtime.webhooks.reset('kisi');
    settings.webhookSecrets?.clear();
    seeded = seedOrganisation(ctx);
  };
  const controls = createKisiControls(ctx, reset, () => seeded);

  const app = createServiceApp({ faults, errorBody: kisiErrorBody });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ error: 'Not found.', code: 'not_found' }),
  );
  registerPlaceRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerRoleAssignmentRoutes(app, ctx);
  registerUnlockRoutes(app, ctx);
  registerCommonControls(app, { service: 'kisi', runtime, faults, reset });
  registerKisiControlRoutes(app, controls);
  registerTestEventRoute(app, runtime, (body) =>
    emitKisiTestEvent(ctx, parseControl(z.object({ place_id: z.number().int().min(1) }), body).place_id),
  );
  return { app, controls, faults };
}
