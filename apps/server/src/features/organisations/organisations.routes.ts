// Organisation settings (organisation admins of the current organisation only): spec section 7 "Organisations".

import {
  AKAHU_WEBHOOK_STATUSES,
  ageBypassLinkAnswer,
  akahuWebhookPage,
  organisationAnswer,
} from '@gym/domain/api/organisations';
import {
  failedPaymentGracePeriodSchema,
  offeringPermissionsSchema,
  organisationNameSchema,
  priceFrequenciesSchema,
  termMembershipGracePeriodSchema,
} from '@gym/domain/organisation-settings';
import { selfServiceSettingsSchema, taxDetailsSchema } from '@gym/domain/self-service';
import { updateBodyOf } from '@gym/domain/update-body';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../auth/actor';
import { authOf, guard } from '../../auth/guard';
import { errorResponses, offsetOf, page, pageQuery } from '../../http/envelope';
import { idParam } from '../../http/params';
import { presentAkahuWebhook, presentOrganisation } from './organisations.presenter';
import { listAkahuWebhooks } from './organisations.repository';
import * as service from './organisations.service';

const params = idParam;
const errors = errorResponses(400, 401, 403, 404, 422);
const answer = { 200: organisationAnswer, ...errors };

export const organisationsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const adminOnly = guard(deps, { organisationAdmin: true });
    const tags = ['organisations'];

    app.get(
      '/api/organisations/:id',
      { preHandler: adminOnly, schema: { tags, summary: 'Organisation settings', params, response: answer } },
      async (request) => ({
        data: presentOrganisation(await service.organisationOf(deps, authOf(request), request.params.id)),
      }),
    );

    app.put(
      '/api/organisations/:id',
      {
        preHandler: adminOnly,
        schema: {
          tags,
          summary: 'Rename the organisation',
          params,
          body: organisationNameSchema,
          response: answer,
        },
      },
      async (request) => ({
        data: presentOrganisation(
          await service.rename(deps, actorOf(request), request.params.id, request.body.name),
        ),
      }),
    );

    const settings = [
      [
        'grace-period',
        'Failed-payment grace period',
        updateBodyOf(failedPaymentGracePeriodSchema),
        service.setGracePeriod,
      ],
      [
        'term-membership-grace-period',
        'Term membership grace period',
        updateBodyOf(termMembershipGracePeriodSchema),
        service.setTermGracePeriod,
      ],
      [
        'offering-permissions',
        'Which offering types the organisation uses',
        updateBodyOf(offeringPermissionsSchema),
        service.setOfferingPermissions,
      ],
      [
        'price-frequencies',
        'Which billing frequencies the organisation offers',
        updateBodyOf(priceFrequenciesSchema),
        service.setPriceFrequencies,
      ],
      [
        'tax-details',
        'The legal name and GST number receipts print (New Zealand taxable supply information)',
        updateBodyOf(taxDetailsSchema),
        service.setTaxDetails,
      ],
      [
        'self-service',
        'What members may do on their own account: pauses (allowed, shortest, longest, per 12 months, notice) and cancelling online',
        updateBodyOf(selfServiceSettingsSchema),
        service.setSelfService,
      ],
    ] as const;
    for (const [path, summary, body, update] of settings) {
      app.put(
        `/api/organisations/:id/${path}`,
        { preHandler: adminOnly, schema: { tags, summary, params, body, response: answer } },
        async (request) => ({
          // Each body was validated against its own schema above.
          data: presentOrganisation(
            await update(deps, actorOf(request), request.params.id, request.body as never),
          ),
        }),
      );
    }

    app.post(
      '/api/organisations/:id/age-bypass-links',
      {
        preHandler: adminOnly,
        schema: {
          tags,
          summary: 'Create a link that lets a person under the minimum age join',
          params,
          response: { 201: ageBypassLinkAnswer, ...errors },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return { data: await service.createAgeBypassLink(deps, actorOf(request), request.params.id) };
      },
    );

    app.get(
      '/api/organisations/:id/akahu-webhooks',
      {
        preHandler: adminOnly,
        schema: {
          tags,
          summary: 'Akahu webhook calls received for this organisation, newest first',
          params,
          querystring: pageQuery.extend({ status: z.enum(AKAHU_WEBHOOK_STATUSES).optional() }),
          response: { 200: akahuWebhookPage, ...errors },
        },
      },
      async (request) => {
        const organisation = await service.organisationOf(deps, authOf(request), request.params.id);
        const query = request.query;
        const { rows, total } = await listAkahuWebhooks(deps.db, organisation.id, {
          status: query.status,
          limit: query.per_page,
          offset: offsetOf(query),
        });
        return page(rows.map(presentAkahuWebhook), total, query);
      },
    );
  };
