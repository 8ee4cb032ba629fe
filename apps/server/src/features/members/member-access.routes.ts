// A member's door access (spec section 7): reading it is for whoever may read the member; a new Kisi
// login is for admins of the member's gym.
import {
  accessCredentialsAnswer,
  memberAccessControlAnswer,
  recreatedLoginAnswer,
} from '@gym/domain/api/members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../auth/actor';
import { authOf, guard } from '../../auth/guard';
import { errorResponses } from '../../http/envelope';
import { idParam } from '../../http/params';
import { memberAccessControl, memberCredentials, recreateKisiLogin } from './member-access.service';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429, 502);

export const memberAccessRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });
    const tags = ['members'];

    app.get(
      '/api/members/:id/access-control',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Whether the member’s membership gives door access, and whether Kisi holds it, at their gym',
          params: idParam,
          response: { 200: memberAccessControlAnswer, ...errors },
        },
      },
      async (request) => ({ data: await memberAccessControl(deps, authOf(request), request.params.id) }),
    );

    app.get(
      '/api/members/:id/access-control-credentials',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'The member’s door credentials, per place',
          params: idParam,
          response: { 200: accessCredentialsAnswer, ...errors },
        },
      },
      async (request) => ({ data: await memberCredentials(deps, authOf(request), request.params.id) }),
    );

    app.post(
      '/api/users/:id/recreate-kisi-login',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'A new Kisi login for the member (the old one stops working); its secret is shown once',
          params: idParam,
          response: { 200: recreatedLoginAnswer, ...errors },
        },
      },
      async (request) => ({ data: await recreateKisiLogin(deps, actorOf(request), request.params.id) }),
    );
  };
