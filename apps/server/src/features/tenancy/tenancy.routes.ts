// Switching the current organisation or gym, kept on the session; every other call is scoped by them.

import { switchAnswer } from '@gym/domain/api/me';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { authOf, guard } from '../../auth/guard';
import { notFound } from '../../http/app-error';
import { errorResponses } from '../../http/envelope';
import { idParam } from '../../http/params';
import { setCurrentGym, setCurrentOrganisation } from './tenancy.repository';

const errors = errorResponses(400, 401, 403, 404, 422);

export const tenancyRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/organisations/:id/switch',
      {
        preHandler: guard(deps),
        schema: {
          tags: ['tenancy'],
          summary: 'Make one of my organisations the current one',
          params: idParam,
          response: { 200: switchAnswer, ...errors },
        },
      },
      async (request) => {
        const { memberships, session } = authOf(request);
        const organisation = memberships.organisations.find((o) => o.id === request.params.id);
        if (!organisation) throw notFound('Organisation not found.');
        const gym = memberships.gyms.find((g) => g.organisation_id === organisation.id) ?? null;
        await setCurrentOrganisation(deps.db, session.id, organisation.id, gym?.id ?? null);
        return { data: { organisation_id: organisation.id, gym_id: gym?.id ?? null } };
      },
    );

    app.post(
      '/api/gyms/:id/switch',
      {
        preHandler: guard(deps),
        schema: {
          tags: ['tenancy'],
          summary: 'Make one of my gyms (in the current organisation) the current one',
          params: idParam,
          response: { 200: switchAnswer, ...errors },
        },
      },
      async (request) => {
        const { memberships, session, organisationId } = authOf(request);
        const gym = memberships.gyms.find(
          (g) => g.id === request.params.id && g.organisation_id === organisationId,
        );
        if (!gym) throw notFound('Gym not found.');
        await setCurrentGym(deps.db, session.id, gym.id);
        return { data: { organisation_id: organisationId, gym_id: gym.id } };
      },
    );
  };
