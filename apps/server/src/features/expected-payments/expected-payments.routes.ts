// GET /api/expected-payments-debugging (organisation admins): the billing rules' charges for a date range
// next to what the engine created, drift first (expected-payments.service.ts), each with where its money
// and its membership stand; optionally only drift, or only one payment status. The range defaults to the
// week either side of today and spans at most 62 days.
import { expectedPaymentsAnswer, expectedPaymentsQuery } from '@gym/domain/api/expected-payments';
import { addDays, type CalendarDate, todayInAuckland } from '@gym/domain/calendar-date';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { authOf, guard } from '../../auth/guard';
import { notFound, validationError } from '../../http/app-error';
import { errorResponses } from '../../http/envelope';
import { gymOfOrganisation } from './expected-payments.repository';
import { expectedPayments } from './expected-payments.service';

export const expectedPaymentsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/expected-payments-debugging',
      {
        preHandler: guard(deps, { organisationAdmin: true }),
        schema: {
          tags: ['billing'],
          summary:
            "Each subscription's expected charges by the billing rules next to what the engine created, drift first",
          querystring: expectedPaymentsQuery,
          response: { 200: expectedPaymentsAnswer, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => {
        const { organisationId } = authOf(request);
        const query = request.query;
        const today = todayInAuckland(deps.clock.now());
        const from = (query.from ??
          (query.to ? addDays(query.to as CalendarDate, -14) : addDays(today, -7))) as CalendarDate;
        const to = (query.to ?? addDays(from, 14)) as CalendarDate;
        if (to < from) throw validationError({ to: ['The end comes before the start'] });
        if (query.gym_id !== undefined) {
          const gym = await gymOfOrganisation(deps.db, organisationId, query.gym_id);
          if (!gym) throw notFound('Gym not found');
        }
        return expectedPayments(deps, organisationId, {
          from,
          to,
          ...(query.gym_id === undefined ? {} : { gymId: query.gym_id }),
          driftOnly: query.drift_only,
          ...(query.status === undefined ? {} : { status: query.status }),
          page: query.page,
          perPage: query.per_page,
        });
      },
    );
  };
