// Role assignments (access rights). Accepts the documented request shape
// `{role_assignment: {user_id, role_id, group_id | place_id, valid_from, valid_until}}` and the newer
// `assignee_type/assignee_id/applies_to_type/applies_to_id` one.
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from './auth';
import { type KisiContext, nowIso } from './context';
import { notFound, validationError } from './errors';
import { numberOf, paginate, presentRoleAssignment, section, text } from './present';
import type { KisiRoleAssignment, Scope } from './state';

type IdParams = { Params: { id: string } };
type Query = Record<string, unknown>;

function readTime(
  value: unknown,
  field: string,
  errors: Record<string, string[]>,
): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) {
    errors[field] = ['is not a valid date-time'];
    return undefined;
  }
  return new Date(ms).toISOString();
}

function readScope(input: Record<string, unknown>): {
  scope: Scope;
  placeId: number | null;
  groupId: number | null;
} {
  const appliesType = text(input.applies_to_type);
  const appliesId = numberOf(input.applies_to_id);
  const groupId = numberOf(input.group_id) ?? (appliesType === 'Group' ? appliesId : undefined);
  const placeId = numberOf(input.place_id) ?? (appliesType === 'Place' ? appliesId : undefined);
  if (groupId !== undefined) return { scope: 'group', placeId: null, groupId };
  if (placeId !== undefined) return { scope: 'place', placeId, groupId: null };
  return { scope: 'organization', placeId: null, groupId: null };
}

export function registerRoleAssignmentRoutes(app: FastifyInstance, ctx: KisiContext): void {
  const { state } = ctx;
  const find = (id: string) => {
    const found = state.roleAssignments.get(Number(id));
    if (!found) throw notFound('Role assignment');
    return found;
  };

  app.get('/role_assignments', async (request, reply) => {
    requireAdmin(ctx, request);
    const query = request.query as Query;
    const userId = numberOf(query.user_id) ?? numberOf(query.assignee_id);
    const groupId = numberOf(query.group_id);
    const placeId = numberOf(query.place_id);
    const items = [...state.roleAssignments.values()].filter(
      (r) =>
        (userId === undefined || r.user_id === userId) &&
        (groupId === undefined || r.group_id === groupId) &&
        (placeId === undefined || r.place_id === placeId),
    );
    return paginate(
      reply,
      items.map((r) => presentRoleAssignment(ctx, r)),
      query,
    );
  });
  app.get<IdParams>('/role_assignments/:id', async (request) => {
    requireAdmin(ctx, request);
    return presentRoleAssignment(ctx, find(request.params.id));
  });

  app.post('/role_assignments', async (request) => {
    requireAdmin(ctx, request);
    const input = section(request.body, 'role_assignment');
    const errors: Record<string, string[]> = {};
    const userId = numberOf(input.user_id) ?? numberOf(input.assignee_id);
    if (userId === undefined || !state.users.has(userId)) errors.user = ['must exist'];
    const roleId = text(input.role_id);
    if (!roleId) errors.role_id = ["can't be blank"];
    const { scope, placeId, groupId } = readScope(input);
    if (groupId !== null && !state.groups.has(groupId)) errors.group = ['must exist'];
    if (placeId !== null && !state.places.has(placeId)) errors.place = ['must exist'];
    const validFrom = readTime(input.valid_from, 'valid_from', errors);
    const validUntil = readTime(input.valid_until, 'valid_until', errors);
    if (validFrom && validUntil && validUntil <= validFrom) errors.valid_until = ['must be after valid_from'];
    if (Object.keys(errors).length) throw validationError(errors);
    const now = nowIso(ctx);
    const assignment: KisiRoleAssignment = {
      id: state.id(),
      user_id: userId!,
      role_id: roleId!,
      scope,
      place_id: placeId,
      group_id: groupId,
      valid_from: validFrom ?? null,
      valid_until: validUntil ?? null,
      notify: input.notify === true,
      created_at: now,
      updated_at: now,
    };
    state.roleAssignments.set(assignment.id, assignment);
    return presentRoleAssignment(ctx, assignment);
  });

  app.patch<IdParams>('/role_assignments/:id', async (request) => {
    requireAdmin(ctx, request);
    const assignment = find(request.params.id);
    const input = section(request.body, 'role_assignment');
    const errors: Record<string, string[]> = {};
    const validFrom = readTime(input.valid_from, 'valid_from', errors);
    const validUntil = readTime(input.valid_until, 'valid_until', errors);
    if (Object.keys(errors).length) throw validationError(errors);
    if (validFrom !== undefined) assignment.valid_from = validFrom;
    if (validUntil !== undefined) assignment.valid_until = validUntil;
    if (text(input.role_id)) assignment.role_id = text(input.role_id)!;
    assignment.updated_at = nowIso(ctx);
    return presentRoleAssignment(ctx, assignment);
  });

  app.delete<IdParams>('/role_assignments/:id', async (request, reply) => {
    requireAdmin(ctx, request);
    state.roleAssignments.delete(find(request.params.id).id);
    return reply.status(204).send();
  });
}
