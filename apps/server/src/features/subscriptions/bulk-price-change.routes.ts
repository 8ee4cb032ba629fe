// The bulk price change (/members/change-price): preview the members and the notice, start the job, and
// follow its progress.
import { bulkJobAnswer, bulkPreviewAnswer } from '@gym/domain/api/subscriptions';
import { bulkPreviewBody, bulkPriceChangeBody } from '@gym/domain/api/subscriptions-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../auth/actor';
import { authOf, guard } from '../../auth/guard';
import { errorResponses } from '../../http/envelope';
import { idParam } from '../../http/params';
import { bulkJob, previewBulk, runBulkJob, startBulk } from './bulk-price-change.service';

const errors = errorResponses(400, 401, 403, 404, 409, 422);

export const bulkPriceChangeRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });
    const tags = ['subscriptions'];

    app.post(
      '/api/subscriptions/bulk-price-change/preview',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'The members a bulk price change would reach (members inside a term left out unless included), a page at a time, with the notice',
          body: bulkPreviewBody,
          response: { 200: bulkPreviewAnswer, ...errors },
        },
      },
      async (request) => previewBulk(deps, actorOf(request), request.body),
    );

    app.post(
      '/api/subscriptions/bulk-price-change',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Start the bulk price change as a background job (the same change started twice answers the first job)',
          body: bulkPriceChangeBody,
          response: { 202: bulkJobAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const job = await startBulk(deps, actorOf(request), request.body);
        if (job.status === 'queued' || job.status === 'running') {
          // Started at once in this process; the scheduler's sweep finishes it if this process stops.
          void runBulkJob(deps, { organisationId: actorOf(request).auth.organisationId, id: job.id }).catch(
            (error) => request.log.error({ err: error, job_id: job.id }, 'bulk price change failed'),
          );
        }
        return reply.code(202).send({ data: job });
      },
    );

    app.get(
      '/api/subscriptions/bulk-price-change/:id',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Progress of a bulk price change',
          params: idParam,
          response: { 200: bulkJobAnswer, ...errors },
        },
      },
      async (request) => ({ data: await bulkJob(deps, authOf(request), request.params.id) }),
    );
  };
