// Members (spec section 7 "Members and subscriptions"): the list, adding a member, one member, editing
// and deleting. Who may do what: docs/roles.md, "Members". The member's records, door access, charts and
// export have their own route files beside this one.
import { memberAnswer, memberPage as memberPageSchema } from '@gym/domain/api/members';
import {
  memberCreateSchema,
  memberDeleteQuery,
  memberFiltersSchema,
  memberUpdateSchema,
} from '@gym/domain/api/members-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../auth/actor';
import { authOf, guard } from '../../auth/guard';
import { errorResponses, offsetOf, page, pageQuery } from '../../http/envelope';
import { idParam } from '../../http/params';
import { memberAccessRoutes } from './member-access.routes';
import { memberChartRoutes } from './member-charts.routes';
import { memberRecordRoutes } from './member-records.routes';
import {
  createMember,
  deleteMember,
  memberFor,
  memberPage,
  showMember,
  updateMember,
} from './members.service';
import { membersExportRoutes } from './members-export.routes';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429, 502);

export const membersRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });
    const tags = ['members'];

    app.get(
      '/api/members',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Members of the organisation (gym staff: of their gyms), filtered, sorted and paginated, each with their latest subscription',
          querystring: pageQuery.and(memberFiltersSchema),
          response: { 200: memberPageSchema, ...errors },
        },
      },
      async (request) => {
        const query = request.query;
        const { rows, total, capped } = await memberPage(deps, authOf(request), query, {
          limit: query.per_page,
          offset: offsetOf(query),
        });
        const answer = page(rows, total, query);
        return { ...answer, meta: { ...answer.meta, total_capped: capped } };
      },
    );

    app.post(
      '/api/members',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Add a member (members.create): their account, membership and a subscription they confirm on the join site, where an emailed link takes them',
          body: memberCreateSchema,
          response: { 201: memberAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const id = await createMember(deps, actorOf(request), request.body);
        reply.code(201);
        return { data: await showMember(deps, authOf(request), id) };
      },
    );

    app.get(
      '/api/members/:id',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'One member with every field and their latest subscription (state and card colour derived)',
          params: idParam,
          response: { 200: memberAnswer, ...errors },
        },
      },
      async (request) => ({ data: await showMember(deps, authOf(request), request.params.id) }),
    );

    app.put(
      '/api/members/:id',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Edit a member: the fields given are saved',
          params: idParam,
          body: memberUpdateSchema,
          response: { 200: memberAnswer, ...errors },
        },
      },
      async (request) => ({
        data: await updateMember(deps, actorOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/api/members/:id',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Delete a member (soft); 409 when they owe money unless confirm=true',
          params: idParam,
          querystring: memberDeleteQuery,
          response: { 200: memberAnswer, ...errors },
        },
      },
      async (request) => {
        const body = (request.body ?? {}) as { confirm?: unknown };
        const confirmed = request.query.confirm || body.confirm === true;
        return { data: await deleteMember(deps, actorOf(request), request.params.id, confirmed) };
      },
    );

    await app.register(memberRecordRoutes(deps, { memberFor }));
    await app.register(memberAccessRoutes(deps));
    await app.register(memberChartRoutes(deps));
    await app.register(membersExportRoutes(deps));
  };
