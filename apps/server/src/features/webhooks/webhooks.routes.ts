// Provider webhooks (POST /api/webhooks/{akahu,stripe,kisi}) and the organisation's list of webhook
// calls (GET /api/webhook-calls, organisation admins). Calls no organisation could be found for
// (forged or unverifiable ones, events about records we do not hold) belong to no tenant and are
// not listed to any: they stay in the table and the logs for the platform's operators.

import {
  WEBHOOK_PROVIDERS,
  webhookEndpointsAnswer,
  webhookTestEventAnswer,
} from '@gym/domain/api/webhook-calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authOf, guard } from '../../auth/guard';
import { errorBody, offsetOf, page, pageEnvelope } from '../../http/envelope';
import { akahuWebhookHandler } from './akahu-webhooks';
import { kisiWebhookHandler } from './kisi-webhooks';
import { stripeWebhookHandler } from './stripe-webhooks';
import { presentWebhookCall, webhookCallSchema, webhookCallsQuery } from './webhook-calls.presenter';
import { listWebhookCalls } from './webhook-calls.repository';
import { webhookEndpoints } from './webhook-endpoints';
import { sendTestEvent } from './webhook-test-event';
import { receiveWebhook } from './webhooks.service';

const webhookAnswer = z.object({
  received: z.boolean(),
  status: z.enum(['processed', 'duplicate', 'rejected', 'failed']),
  error: z.string().optional(),
  message: z.string().optional(),
});

/** The largest webhook body accepted (413 beyond). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const receivers =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Signatures are over the exact bytes, so in this plugin (only) every body stays the raw text.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    for (const handler of [akahuWebhookHandler(deps), stripeWebhookHandler(deps), kisiWebhookHandler(deps)]) {
      app.post(
        `/api/webhooks/${handler.provider}`,
        {
          // Providers' events are a few kilobytes; anything far larger is refused before it is read.
          bodyLimit: WEBHOOK_BODY_LIMIT,
          schema: {
            tags: ['webhooks'],
            summary: `${handler.provider} webhook: signed by the provider, recorded, processed once per event`,
            response: {
              200: webhookAnswer,
              400: webhookAnswer,
              401: webhookAnswer,
              413: errorBody,
              429: errorBody,
              503: webhookAnswer,
            },
          },
        },
        async (request, reply) => {
          const answer = await receiveWebhook(deps, handler, {
            headers: request.headers,
            rawBody: typeof request.body === 'string' ? request.body : '',
            requestId: request.id,
            ip: request.ip,
          });
          request.log.info(
            {
              provider: handler.provider,
              status: answer.body.status,
              external_id: answer.externalId,
              webhook_call_id: answer.callId,
            },
            'webhook call',
          );
          return reply.code(answer.httpStatus).send(answer.body);
        },
      );
    }
  };

export const webhookRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(receivers(deps));

    app.get(
      '/api/webhook-calls',
      {
        preHandler: guard(deps, { organisationAdmin: true }),
        schema: {
          tags: ['webhooks'],
          summary: 'Webhook calls received for the current organisation, newest first',
          querystring: webhookCallsQuery,
          response: {
            200: pageEnvelope(webhookCallSchema),
            401: errorBody,
            403: errorBody,
            422: errorBody,
          },
        },
      },
      async (request) => {
        const query = request.query;
        const { rows, total } = await listWebhookCalls(deps.db, authOf(request).organisationId, {
          provider: query.provider,
          status: query.status,
          limit: query.per_page,
          offset: offsetOf(query),
        });
        return page(rows.map(presentWebhookCall), total, query);
      },
    );

    app.get(
      '/api/webhooks',
      {
        preHandler: guard(deps, { organisationAdmin: true }),
        schema: {
          tags: ['webhooks'],
          summary:
            'Each provider’s webhook endpoint, whether it is registered, the last delivery and recent failures',
          response: { 200: webhookEndpointsAnswer, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => ({ data: await webhookEndpoints(deps, authOf(request).organisationId) }),
    );

    app.post(
      '/api/webhooks/:provider/test-event',
      {
        preHandler: guard(deps, { organisationAdmin: true }),
        schema: {
          tags: ['webhooks'],
          summary:
            'Sandbox only: the provider’s simulator sends this organisation a test event; answers its delivery and the endpoint after it (404 with live providers)',
          params: z.object({
            provider: z.enum(WEBHOOK_PROVIDERS, {
              error: `Value must be one of: ${WEBHOOK_PROVIDERS.join(', ')}`,
            }),
          }),
          response: {
            200: webhookTestEventAnswer,
            401: errorBody,
            403: errorBody,
            404: errorBody,
            409: errorBody,
            422: errorBody,
            502: errorBody,
          },
        },
      },
      async (request) => ({
        data: await sendTestEvent(deps, authOf(request), request.params.provider),
      }),
    );
  };
