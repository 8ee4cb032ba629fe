// The front desk's check-in (issue 26): staff of a gym find its members and check them in; organisation
// admins every gym (docs/roles.md, `check-in`).
import {
  checkInAnswer,
  checkInBody,
  checkInLookupQuery,
  checkInMemberAnswer,
  checkInMembersAnswer,
} from '@gym/domain/api/check-in';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../auth/actor';
import { authOf, guard } from '../../auth/guard';
import { errorResponses } from '../../http/envelope';
import { idParam } from '../../http/params';
import { checkIn, lookUp, showDeskMember } from './check-in.service';

export const checkInRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });
    const tags = ['check-in'];

    app.get(
      '/api/check-in/members',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Members the desk is looking for: by tag number or scanned code (exact), name or email (the starts of words), or mobile',
          querystring: checkInLookupQuery,
          response: { 200: checkInMembersAnswer, ...errorResponses(401, 403, 422) },
        },
      },
      async (request) => ({ data: await lookUp(deps, authOf(request), request.query.query) }),
    );

    app.get(
      '/api/check-in/members/:id',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'One member as the desk sees them: state, what they owe, whether the door would let them in',
          params: idParam,
          response: { 200: checkInMemberAnswer, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => ({ data: await showDeskMember(deps, authOf(request), request.params.id) }),
    );

    app.post(
      '/api/check-in',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Check a member in at the desk: a visit, allowed or refused by the door’s rule with the reason (once per key)',
          body: checkInBody,
          response: { 200: checkInAnswer, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => ({ data: await checkIn(deps, actorOf(request), request.body) }),
    );
  };
