// Access control (spec section 7 "Access control"): the organisation's Kisi integration here (organisation
// admins only); places and doors, and staff door access, from their own files.
import { integrationAnswer } from '@gym/domain/api/access-control';
import { integrationBody } from '@gym/domain/api/access-control-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../auth/actor';
import { authOf, guard } from '../../auth/guard';
import { idParam } from '../../http/params';
import { presentIntegration } from './access-control.presenter';
import { integrationOf, saveIntegration } from './integration.service';
import { placeRoutes } from './places.routes';
import { accessControlErrors, requireCurrentOrganisation } from './route-support';
import { staffAccessRoutes } from './staff-access.routes';

export const accessControlRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const adminOnly = guard(deps, { organisationAdmin: true });
    const tags = ['access-control'];
    const url = '/api/organisations/:id/access-control/integration';

    app.get(
      url,
      {
        preHandler: adminOnly,
        schema: {
          tags,
          summary: 'The organisation’s door-access integration (null when none; the API key is never sent)',
          params: idParam,
          response: { 200: integrationAnswer, ...accessControlErrors },
        },
      },
      async (request) => {
        requireCurrentOrganisation(request, request.params.id);
        const row = await integrationOf(deps, authOf(request));
        return { data: row ? presentIntegration(row) : null };
      },
    );

    app.post(
      url,
      {
        preHandler: adminOnly,
        schema: {
          tags,
          summary:
            'Connect Kisi: the API key is checked with Kisi, then stored encrypted in place of any other',
          params: idParam,
          body: integrationBody,
          response: { 200: integrationAnswer, ...accessControlErrors },
        },
      },
      async (request) => {
        requireCurrentOrganisation(request, request.params.id);
        const row = await saveIntegration(deps, actorOf(request), request.body);
        return { data: presentIntegration(row) };
      },
    );

    await app.register(placeRoutes(deps));
    await app.register(staffAccessRoutes(deps));
  };
