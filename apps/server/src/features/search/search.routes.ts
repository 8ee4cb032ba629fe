import { searchAnswer, searchBody } from '@gym/domain/api/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { authOf, guard } from '../../auth/guard';
import { errorBody } from '../../http/envelope';
import { searchMembers } from './search.repository';

export const SEARCH_LIMIT = 10;

export const searchRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/search',
      {
        preHandler: guard(deps, { staff: true }),
        schema: {
          tags: ['search'],
          summary:
            'Find members of the current organisation by the starts of the words of their name or email, or their mobile',
          body: searchBody,
          response: {
            200: searchAnswer,
            400: errorBody,
            401: errorBody,
            403: errorBody,
            422: errorBody,
          },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const query = request.body.query.trim();
        if (!query) return { data: [] };
        const gymIds = auth.isOrganisationAdmin ? null : auth.staffGymIds;
        return {
          data: await searchMembers(
            deps.db,
            { organisationId: auth.organisationId, gymIds },
            query,
            SEARCH_LIMIT,
          ),
        };
      },
    );
  };
