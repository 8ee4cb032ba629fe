// Staff (spec section 7 "Staff"): reading is for admins; adding, re-inviting, changing roles and
// deactivating for organisation admins. POST /api/staff/{id}/kisi-access belongs to the access-control adapters.

import { existingAccountAnswer, STAFF_STATUSES, staffDetailAnswer, staffPage } from '@gym/domain/api/staff';
import { staffExistsBody, staffInviteSchema, staffRolesSchema } from '@gym/domain/staff-invite';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../auth/actor';
import { authOf, guard } from '../../auth/guard';
import { notFound } from '../../http/app-error';
import { errorResponses, offsetOf, page, pageQuery } from '../../http/envelope';
import { idParam } from '../../http/params';
import { presentStaff } from './staff.presenter';
import { gymRolesOf, listStaff } from './staff.repository';
import { deactivateStaff, staffDetail, staffExists, staffScope } from './staff.service';
import { addStaff, resendInvitation } from './staff-invite.service';
import { changeStaffRoles } from './staff-roles.service';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429, 502);

export const staffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });
    const adminOnly = guard(deps, { organisationAdmin: true });
    const tags = ['staff'];
    /** Paths naming an organisation must name the current one. */
    const currentOrganisation = (request: Parameters<typeof authOf>[0], id: number) => {
      if (authOf(request).organisationId !== id) throw notFound('Organisation not found.');
    };

    app.get(
      '/api/organisations/:id/staff',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Staff of the organisation: pending, active and deactivated (gym admins: the staff of their gyms)',
          params: idParam,
          querystring: pageQuery.extend({ status: z.enum(STAFF_STATUSES).optional() }),
          response: { 200: staffPage, ...errors },
        },
      },
      async (request) => {
        const auth = authOf(request);
        currentOrganisation(request, request.params.id);
        const { rows, total } = await listStaff(deps.db, auth.organisationId, {
          status: request.query.status,
          gymIds: staffScope(auth),
          limit: request.query.per_page,
          offset: offsetOf(request.query),
        });
        const gymRoles = await gymRolesOf(
          deps.db,
          auth.organisationId,
          rows.map((r) => r.id),
        );
        return page(
          rows.map((row) => presentStaff(row, gymRoles)),
          total,
          request.query,
        );
      },
    );

    app.post(
      '/api/organisations/:id/staff-exists',
      {
        preHandler: adminOnly,
        schema: {
          tags,
          summary: 'Whether an account has this email, and whether it is already staff here',
          params: idParam,
          body: staffExistsBody,
          response: { 200: existingAccountAnswer, ...errors },
        },
      },
      async (request) => {
        currentOrganisation(request, request.params.id);
        return { data: await staffExists(deps, authOf(request), request.body.email) };
      },
    );

    app.post(
      '/api/organisations/:id/staff',
      {
        preHandler: adminOnly,
        schema: {
          tags,
          summary: 'Add or invite a staff member (role admin, personal_trainer, or -1 with a role per gym)',
          params: idParam,
          body: staffInviteSchema,
          response: { 201: staffDetailAnswer, ...errors },
        },
      },
      async (request, reply) => {
        currentOrganisation(request, request.params.id);
        const userId = await addStaff(deps, actorOf(request), request.body);
        reply.code(201);
        return { data: await staffDetail(deps, authOf(request), userId) };
      },
    );

    app.post(
      '/api/staff/:id/resend-invitation',
      {
        preHandler: adminOnly,
        schema: {
          tags,
          summary: 'Email a new invitation link (older links stop working)',
          params: idParam,
          response: { 200: staffDetailAnswer, ...errors },
        },
      },
      async (request) => {
        await resendInvitation(deps, actorOf(request), request.params.id);
        return { data: await staffDetail(deps, authOf(request), request.params.id) };
      },
    );

    app.put(
      '/api/staff/:id',
      {
        preHandler: adminOnly,
        schema: {
          tags,
          summary:
            'Change a staff member’s roles: admin, personal_trainer, or -1 with a role per gym (replaced whole); door rights at gyms no longer held end in Kisi',
          params: idParam,
          body: staffRolesSchema,
          response: { 200: staffDetailAnswer, ...errors },
        },
      },
      async (request) => ({
        data: await changeStaffRoles(deps, actorOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/api/staff/:id',
      {
        preHandler: adminOnly,
        schema: {
          tags,
          summary: 'Deactivate a staff member: their gym roles go and their sessions end',
          params: idParam,
          response: { 200: staffDetailAnswer, ...errors },
        },
      },
      async (request) => ({ data: await deactivateStaff(deps, actorOf(request), request.params.id) }),
    );

    app.get(
      '/api/staff/:id',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'One staff member, with their visit count',
          params: idParam,
          response: { 200: staffDetailAnswer, ...errors },
        },
      },
      async (request) => ({ data: await staffDetail(deps, authOf(request), request.params.id) }),
    );
  };
