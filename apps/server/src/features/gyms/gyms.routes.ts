// Gyms (spec section 7 "Gyms"): the list, one gym, and its settings. Logo and destination-account calls
// are registered from their own files.

import {
  akahuConfigUpdateBody,
  branchConfigUpdateBody,
  gymUpdateBody,
  tracksVisitsBody,
} from '@gym/domain/api/gym-requests';
import { gymAnswer, gymPageAnswer } from '@gym/domain/api/gyms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../auth/actor';
import { authOf, guard } from '../../auth/guard';
import { errorResponses, offsetOf, page, pageQuery } from '../../http/envelope';
import { idParam } from '../../http/params';
import { destinationAccountRoutes } from './destination-accounts.routes';
import { gymLogoRoutes } from './gym-logo.routes';
import { presentGym, presentGymSummary } from './gyms.presenter';
import { listGyms } from './gyms.repository';
import * as service from './gyms.service';

const gymErrors = errorResponses(400, 401, 403, 404, 409, 422);
const answer = { 200: gymAnswer, ...gymErrors };

export const gymsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });
    const tags = ['gyms'];

    app.get(
      '/api/gyms',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Gyms of the current organisation I work at (all of them for organisation admins), with counts',
          querystring: pageQuery,
          response: { 200: gymPageAnswer, ...gymErrors },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const { rows, total } = await listGyms(deps.db, auth.organisationId, {
          gymIds: auth.isOrganisationAdmin ? null : auth.staffGymIds,
          limit: request.query.per_page,
          offset: offsetOf(request.query),
        });
        const data = rows.map((r) => presentGymSummary(r.gym, r, service.roleAt(auth, r.gym.id)));
        return page(data, total, request.query);
      },
    );

    app.get(
      '/api/gyms/:id',
      {
        preHandler: staff,
        schema: { tags, summary: 'One gym with its settings', params: idParam, response: answer },
      },
      async (request) => ({
        data: presentGym(await service.gymDetail(deps, authOf(request), request.params.id)),
      }),
    );

    app.put(
      '/api/gyms/:id',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Change the gym’s name, reply-to address, break fee and card surcharge',
          params: idParam,
          body: gymUpdateBody,
          response: answer,
        },
      },
      async (request) => ({
        data: presentGym(await service.updateGym(deps, actorOf(request), request.params.id, request.body)),
      }),
    );

    app.put(
      '/api/gyms/:id/tracks-visits',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Whether door unlocks at this gym count as visits',
          params: idParam,
          body: tracksVisitsBody,
          response: answer,
        },
      },
      async (request) => ({
        data: presentGym(
          await service.setTracksVisits(
            deps,
            actorOf(request),
            request.params.id,
            request.body.tracks_visits,
          ),
        ),
      }),
    );

    app.put(
      '/api/gyms/:id/branch-config',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Branch deep-link credentials (the secret is stored encrypted, never sent back)',
          params: idParam,
          body: branchConfigUpdateBody,
          response: answer,
        },
      },
      async (request) => ({
        data: presentGym(
          await service.setBranchConfig(deps, actorOf(request), request.params.id, request.body),
        ),
      }),
    );

    app.put(
      '/api/gyms/:id/akahu-config',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Akahu app credentials (the secret is stored encrypted, never sent back)',
          params: idParam,
          body: akahuConfigUpdateBody,
          response: answer,
        },
      },
      async (request) => ({
        data: presentGym(
          await service.setAkahuConfig(deps, actorOf(request), request.params.id, request.body),
        ),
      }),
    );

    await app.register(destinationAccountRoutes(deps));
    await app.register(gymLogoRoutes(deps));
  };
