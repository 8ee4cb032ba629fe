// Kisi objects as the API returns them (resource_type, nested place, legacy and new role fields).
import type { FastifyReply } from 'fastify';
import type { KisiContext } from './context';
import {
  type KisiGroup,
  type KisiLock,
  type KisiPlace,
  type KisiRoleAssignment,
  type KisiUser,
  ORGANIZATION,
} from './state';

export const presentPlace = (ctx: KisiContext, p: KisiPlace) => ({
  id: p.id,
  resource_type: 'Place',
  name: p.name,
  address: p.address,
  time_zone: p.time_zone,
  latitude: p.latitude,
  longitude: p.longitude,
  organization_id: ORGANIZATION.id,
  locks_count: [...ctx.state.locks.values()].filter((l) => l.place_id === p.id).length,
  created_at: p.created_at,
  updated_at: p.updated_at,
});

const placeRef = (ctx: KisiContext, id: number | null) => {
  const p = id === null ? undefined : ctx.state.places.get(id);
  return p ? { id: p.id, name: p.name, latitude: p.latitude, longitude: p.longitude } : null;
};

export const presentLock = (ctx: KisiContext, l: KisiLock) => ({
  id: l.id,
  resource_type: 'Lock',
  name: l.name,
  description: l.description,
  configured: true,
  online: true,
  open: false,
  unlocked: false,
  locked_down: l.locked_down,
  locked_down_since: null,
  on_scheduled_unlock: false,
  time_restriction_enabled: false,
  geofence_restriction_enabled: false,
  reader_restriction_enabled: false,
  latitude: null,
  longitude: null,
  floor_id: null,
  order_id: null,
  place_id: l.place_id,
  place: placeRef(ctx, l.place_id),
  created_at: l.created_at,
  updated_at: l.updated_at,
});

export const presentGroup = (ctx: KisiContext, g: KisiGroup) => ({
  id: g.id,
  resource_type: 'Group',
  name: g.name,
  description: g.description,
  place_id: g.place_id,
  place: placeRef(ctx, g.place_id),
  locks_count: [...ctx.state.groupLocks.values()].filter((gl) => gl.group_id === g.id).length,
  created_at: g.created_at,
  updated_at: g.updated_at,
});

export const presentUser = (u: KisiUser) => ({
  id: u.id,
  resource_type: 'User',
  name: u.name,
  email: u.email,
  confirmed: u.confirmed,
  send_emails: u.send_emails,
  metadata: u.metadata,
  created_at: u.created_at,
  updated_at: u.updated_at,
});

export function presentRoleAssignment(ctx: KisiContext, r: KisiRoleAssignment) {
  const user = ctx.state.users.get(r.user_id);
  const userRef = user ? { id: user.id, resource_type: 'User', email: user.email, name: user.name } : null;
  const appliesToType = r.scope === 'group' ? 'Group' : r.scope === 'place' ? 'Place' : 'Organization';
  const appliesToId = r.group_id ?? r.place_id ?? ORGANIZATION.id;
  return {
    id: r.id,
    resource_type: 'RoleAssignment',
    role_id: r.role_id,
    notify: r.notify,
    type: r.scope,
    scope: r.scope,
    applies_to_type: appliesToType,
    applies_to_id: appliesToId,
    assignee_type: 'User',
    assignee_id: r.user_id,
    assignee: userRef,
    user_id: r.user_id,
    user: userRef,
    group_id: r.group_id,
    place_id: r.place_id,
    organization_id: ORGANIZATION.id,
    valid_from: r.valid_from,
    valid_until: r.valid_until,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** Offset pagination with the `X-Collection-Range: start-end/total` header. */
export function paginate<T>(reply: FastifyReply, items: T[], query: Record<string, unknown>): T[] {
  const limit = Math.min(Math.max(Number(query.limit ?? 50) || 50, 1), 250);
  const offset = Math.max(Number(query.offset ?? 0) || 0, 0);
  const page = items.slice(offset, offset + limit);
  const end = page.length ? offset + page.length - 1 : offset;
  reply.header('X-Collection-Range', `${offset}-${end}/${items.length}`);
  return page;
}

export function section(body: unknown, key: string): Record<string, unknown> {
  const outer = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const inner = outer[key];
  return typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : {};
}

export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : undefined;
export const numberOf = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
};
