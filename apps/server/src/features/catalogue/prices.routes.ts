// Prices (spec section 7 "Offerings and prices", and GET /api/organisations/{id}/prices): staff read;
// whoever may change the offering changes its prices.

import { priceBody, priceUpdateBody, privateLinkBody, proRataBody } from '@gym/domain/api/catalogue-requests';
import {
  messageAnswer,
  priceAnswer,
  priceListAnswer,
  pricePageAnswer,
  privateLinkAnswer,
  proRataAnswer,
} from '@gym/domain/api/prices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../auth/actor';
import { authOf, guard } from '../../auth/guard';
import { idParam } from '../../http/params';
import {
  offeringPricesQuery,
  organisationPricesQuery,
  priceIdParam,
  priceReadErrors as readErrors,
  writeErrors,
} from './catalogue.schemas';
import {
  archivePrice,
  createPrice,
  createPrivateLink,
  deletePrice,
  offeringPrices,
  organisationPrices,
  restorePrice,
  updatePrice,
} from './prices.service';
import { proRataForPrice } from './pro-rata.service';

const tags = ['prices'];

export const priceRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });

    app.get(
      '/api/offerings/:id/prices',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: "An offering's prices (archived=false: on sale; true: archived; absent: all)",
          params: idParam,
          querystring: offeringPricesQuery,
          response: { 200: priceListAnswer, ...readErrors },
        },
      },
      async (request) => ({
        data: await offeringPrices(deps, authOf(request), request.params.id, request.query.archived),
      }),
    );

    app.get(
      '/api/organisations/:id/prices',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: "The current organisation's prices, a page at a time",
          params: idParam,
          querystring: organisationPricesQuery,
          response: { 200: pricePageAnswer, ...readErrors },
        },
      },
      async (request) => {
        const { archived, offering_id, gym_id, ...paging } = request.query;
        return organisationPrices(deps, authOf(request), request.params.id, paging, {
          archived,
          offeringId: offering_id,
          gymId: gym_id,
        });
      },
    );

    app.post(
      '/api/offerings/:id/prices',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Add a price to an offering',
          params: idParam,
          body: priceBody,
          response: { 201: priceAnswer, ...writeErrors },
        },
      },
      async (request, reply) => {
        const price = await createPrice(deps, actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data: price });
      },
    );

    app.put(
      '/api/prices/:id',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Change a price (amount, frequency and term only while nobody is subscribed)',
          params: idParam,
          body: priceUpdateBody,
          response: { 200: priceAnswer, ...writeErrors },
        },
      },
      async (request) => ({
        data: await updatePrice(deps, actorOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/api/prices/:id/archive',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Take a price off sale (members on it keep it)',
          params: idParam,
          response: { 200: priceAnswer, ...writeErrors },
        },
      },
      async (request) => ({ data: await archivePrice(deps, actorOf(request), request.params.id) }),
    );

    app.post(
      '/api/prices/:id/restore',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Put an archived price back on sale',
          params: idParam,
          response: { 200: priceAnswer, ...writeErrors },
        },
      },
      async (request) => ({ data: await restorePrice(deps, actorOf(request), request.params.id) }),
    );

    app.delete(
      '/api/prices/:id',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Delete a price that never had subscriptions (409 otherwise: archive it)',
          params: idParam,
          response: { 200: messageAnswer, ...writeErrors },
        },
      },
      async (request) => {
        await deletePrice(deps, actorOf(request), request.params.id);
        return { message: 'The price was deleted.' };
      },
    );

    app.post(
      '/api/prices/:price_id/pro-rata',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'The first charge for a start date before a billing date, and how it was worked out',
          params: priceIdParam,
          body: proRataBody,
          response: { 200: proRataAnswer, ...readErrors },
        },
      },
      async (request) => ({
        data: await proRataForPrice(deps, authOf(request), request.params.price_id, request.body),
      }),
    );

    app.post(
      '/api/prices/:id/private-links',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Create a private link to a price (age_bypass: lets an under-age person join through it)',
          params: idParam,
          body: privateLinkBody,
          response: { 201: privateLinkAnswer, ...writeErrors },
        },
      },
      async (request, reply) => {
        const link = await createPrivateLink(
          deps,
          actorOf(request),
          request.params.id,
          request.body?.age_bypass ?? false,
        );
        return reply.code(201).send({ data: link });
      },
    );
  };
