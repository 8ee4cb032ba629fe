// Places, locks, groups and group locks (which locks a group's members may open).
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from './auth';
import { type KisiContext, nowIso } from './context';
import { notFound, validationError } from './errors';
import { numberOf, paginate, presentGroup, presentLock, presentPlace, section, text } from './present';

type IdParams = { Params: { id: string } };
type Query = Record<string, unknown>;

export function registerPlaceRoutes(app: FastifyInstance, ctx: KisiContext): void {
  const { state } = ctx;
  const need = <T>(map: Map<number, T>, id: unknown, what: string): T => {
    const found = map.get(Number(id));
    if (!found) throw notFound(what);
    return found;
  };

  app.get('/places', async (request, reply) => {
    const caller = requireAdmin(ctx, request);
    // Each remembered organisation key sees its own places; the simulator's own key sees the rest.
    const visible = (placeId: number) =>
      (ctx.settings.placeKeys?.get(placeId) ?? ctx.settings.apiKey) === caller.apiKey;
    return paginate(
      reply,
      [...state.places.values()].filter((p) => visible(p.id)).map((p) => presentPlace(ctx, p)),
      request.query as Query,
    );
  });
  app.get<IdParams>('/places/:id', async (request) => {
    requireAdmin(ctx, request);
    return presentPlace(ctx, need(state.places, request.params.id, 'Place'));
  });
  app.post('/places', async (request) => {
    requireAdmin(ctx, request);
    const input = section(request.body, 'place');
    const name = text(input.name);
    if (!name) throw validationError({ name: ["can't be blank"] });
    const now = nowIso(ctx);
    const place = {
      id: state.id(),
      name,
      address: text(input.address) ?? null,
      time_zone: text(input.time_zone) ?? 'Pacific/Auckland',
      latitude: typeof input.latitude === 'number' ? input.latitude : null,
      longitude: typeof input.longitude === 'number' ? input.longitude : null,
      created_at: now,
      updated_at: now,
    };
    state.places.set(place.id, place);
    return presentPlace(ctx, place);
  });

  app.get('/locks', async (request, reply) => {
    requireAdmin(ctx, request);
    const placeId = numberOf((request.query as Query).place_id);
    const locks = [...state.locks.values()].filter((l) => placeId === undefined || l.place_id === placeId);
    return paginate(
      reply,
      locks.map((l) => presentLock(ctx, l)),
      request.query as Query,
    );
  });
  app.get<IdParams>('/locks/:id', async (request) => {
    requireAdmin(ctx, request);
    return presentLock(ctx, need(state.locks, request.params.id, 'Lock'));
  });
  app.post('/locks', async (request) => {
    requireAdmin(ctx, request);
    const input = section(request.body, 'lock');
    const name = text(input.name);
    const placeId = numberOf(input.place_id);
    const errors: Record<string, string[]> = {};
    if (!name) errors.name = ["can't be blank"];
    if (placeId === undefined || !state.places.has(placeId)) errors.place = ['must exist'];
    if (Object.keys(errors).length) throw validationError(errors);
    const now = nowIso(ctx);
    const lock = {
      id: state.id(),
      name: name!,
      description: text(input.description) ?? null,
      place_id: placeId!,
      locked_down: false,
      created_at: now,
      updated_at: now,
    };
    state.locks.set(lock.id, lock);
    return presentLock(ctx, lock);
  });

  app.get('/groups', async (request, reply) => {
    requireAdmin(ctx, request);
    const placeId = numberOf((request.query as Query).place_id);
    const groups = [...state.groups.values()].filter((g) => placeId === undefined || g.place_id === placeId);
    return paginate(
      reply,
      groups.map((g) => presentGroup(ctx, g)),
      request.query as Query,
    );
  });
  app.get<IdParams>('/groups/:id', async (request) => {
    requireAdmin(ctx, request);
    return presentGroup(ctx, need(state.groups, request.params.id, 'Group'));
  });
  app.post('/groups', async (request) => {
    requireAdmin(ctx, request);
    const input = section(request.body, 'group');
    const name = text(input.name);
    const placeId = numberOf(input.place_id);
    if (!name) throw validationError({ name: ["can't be blank"] });
    if (placeId !== undefined && !state.places.has(placeId)) throw validationError({ place: ['must exist'] });
    const now = nowIso(ctx);
    const group = {
      id: state.id(),
      name,
      description: text(input.description) ?? null,
      place_id: placeId ?? null,
      created_at: now,
      updated_at: now,
    };
    state.groups.set(group.id, group);
    return presentGroup(ctx, group);
  });

  app.get('/group_locks', async (request, reply) => {
    requireAdmin(ctx, request);
    const groupId = numberOf((request.query as Query).group_id);
    const links = [...state.groupLocks.values()].filter(
      (gl) => groupId === undefined || gl.group_id === groupId,
    );
    return paginate(reply, links, request.query as Query);
  });
  app.post('/group_locks', async (request) => {
    requireAdmin(ctx, request);
    const input = section(request.body, 'group_lock');
    const group = need(state.groups, input.group_id, 'Group');
    const lock = need(state.locks, input.lock_id, 'Lock');
    const existing = [...state.groupLocks.values()].find(
      (gl) => gl.group_id === group.id && gl.lock_id === lock.id,
    );
    if (existing) throw validationError({ lock: ['has already been taken'] });
    const link = { id: state.id(), group_id: group.id, lock_id: lock.id, created_at: nowIso(ctx) };
    state.groupLocks.set(link.id, link);
    return link;
  });
  app.delete<IdParams>('/group_locks/:id', async (request, reply) => {
    requireAdmin(ctx, request);
    need(state.groupLocks, request.params.id, 'Group lock');
    state.groupLocks.delete(Number(request.params.id));
    return reply.status(204).send();
  });
}
