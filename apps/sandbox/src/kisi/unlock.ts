// Unlocking: allowed for the organisation's owner and for a user holding a role assignment valid
// now (valid_from ≤ now < valid_until) over the lock's group, its place or the organisation.
// Every attempt becomes a `lock.unlock` event (success or denied), sent as a signed webhook; a test
// event for the product's webhooks screen is sent the same way.
import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WebhookDelivery } from '../shared/webhooks';
import { authenticate, requireAdmin } from './auth';
import type { KisiContext } from './context';
import { kisiError, notFound } from './errors';
import { paginate } from './present';
import { type KisiEvent, type KisiLock, type KisiUser, ORGANIZATION } from './state';

export const kisiSignature = (secret: string, body: string): string =>
  createHmac('sha256', secret).update(body, 'utf8').digest('hex');

function denialReason(
  ctx: KisiContext,
  user: KisiUser,
  lock: KisiLock,
): { code: string; message: string } | null {
  if (lock.locked_down) return { code: 'locked_down', message: 'This door is locked down.' };
  if (user.id === ctx.state.ownerId) return null;
  const now = ctx.runtime.clock.nowMs();
  const groupsWithLock = new Set(
    [...ctx.state.groupLocks.values()].filter((gl) => gl.lock_id === lock.id).map((gl) => gl.group_id),
  );
  const valid = [...ctx.state.roleAssignments.values()].filter(
    (r) =>
      r.user_id === user.id &&
      (!r.valid_from || Date.parse(r.valid_from) <= now) &&
      (!r.valid_until || now < Date.parse(r.valid_until)),
  );
  const covers = valid.some(
    (r) =>
      r.scope === 'organization' ||
      (r.scope === 'place' && r.place_id === lock.place_id) ||
      (r.scope === 'group' && r.group_id !== null && groupsWithLock.has(r.group_id)),
  );
  return covers ? null : { code: 'no_access', message: 'You do not have access to this door at this time.' };
}

/** One unlock attempt by `user` (through the API or a reader); records and sends the event. */
export function attemptUnlock(ctx: KisiContext, user: KisiUser, lock: KisiLock): KisiEvent {
  const reason = denialReason(ctx, user, lock);
  const event: KisiEvent = {
    uuid: randomUUID(),
    actor_type: 'User',
    actor_id: user.id,
    actor_name: user.name,
    object_type: 'Lock',
    object_id: lock.id,
    object_name: lock.name,
    organization_id: ORGANIZATION.id,
    place_id: lock.place_id,
    success: reason === null,
    type: 'lock.unlock',
    error_code: reason?.code ?? null,
    error_message: reason?.message ?? null,
    created_at: ctx.runtime.clock.now().toISOString(),
  };
  ctx.state.events.push(event);
  ctx.runtime.webhooks.enqueue('kisi', event.type, JSON.stringify(event));
  return event;
}

export function registerUnlockRoutes(app: FastifyInstance, ctx: KisiContext): void {
  app.post<{ Params: { id: string } }>('/locks/:id/unlock', async (request) => {
    const caller = authenticate(ctx, request);
    const lock = ctx.state.locks.get(Number(request.params.id));
    if (!lock) throw notFound('Lock');
    const event = attemptUnlock(ctx, caller.user, lock);
    if (!event.success)
      throw kisiError(403, event.error_message ?? 'Access denied.', event.error_code ?? 'forbidden');
    return { message: 'Unlocked!' };
  });

  app.get('/events', async (request, reply) => {
    requireAdmin(ctx, request);
    const query = request.query as Record<string, unknown>;
    const events = ctx.state.events
      .filter((e) => typeof query.type !== 'string' || e.type === query.type)
      .reverse();
    return paginate(reply, events, query);
  });
}

/** A test event for the product's webhooks screen (the sandbox's own type) about one of its places. */
export function emitKisiTestEvent(ctx: KisiContext, placeId: number): WebhookDelivery {
  const event = {
    uuid: randomUUID(),
    type: 'sandbox.test_event',
    organization_id: ORGANIZATION.id,
    place_id: placeId,
    message: 'A test event from the Kisi simulator.',
    created_at: ctx.runtime.clock.now().toISOString(),
  };
  return ctx.runtime.webhooks.enqueue('kisi', event.type, JSON.stringify(event), undefined, {
    simulatorOnly: true,
  });
}
