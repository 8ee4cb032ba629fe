// POST /api/staff/{id}/kisi-access: door access for a staff member at the current gym's place.
import { staffAccessAnswer } from '@gym/domain/api/access-control';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../auth/actor';
import { guard } from '../../auth/guard';
import { idParam } from '../../http/params';
import { accessControlErrors } from './route-support';
import { grantStaffAccess } from './staff-access.service';

export const staffAccessRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/staff/:id/kisi-access',
      {
        preHandler: guard(deps, { staff: true }),
        schema: {
          tags: ['access-control'],
          summary:
            'Give a staff member door access at the current gym’s Kisi place (recorded on the staff member)',
          params: idParam,
          response: { 200: staffAccessAnswer, ...accessControlErrors },
        },
      },
      async (request) => ({
        data: await grantStaffAccess(deps, actorOf(request), request.params.id),
      }),
    );
  };
