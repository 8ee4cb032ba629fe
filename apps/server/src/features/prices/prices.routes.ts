// Prices (spec section 7 "Offerings and prices", and GET /api/organisations/{id}/prices): staff read;
// whoever may change the offering changes its prices.
import {
  messageAnswer,
  priceAnswer,
  priceListAnswer,
  pricePageAnswer,
  privateLinkAnswer,
  proRataAnswer,
} from '@gym/domain/api/prices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { authOf, guard } from '../../auth/guard';
import { presentLink } from './price.presenter';
import { offeringPrices, organisationPrices, priceDetail } from './prices.queries';
import {
  idParam,
  offeringPricesQuery,
  organisationPricesQuery,
  priceBody,
  priceIdParam,
  privateLinkBody,
  proRataBody,
  readErrors,
  writeErrors,
} from './prices.schemas';
import { archivePrice, createPrice, deletePrice, restorePrice, updatePrice } from './prices.service';
import { createPrivateLink } from './private-links.service';
import { proRataForPrice } from './pro-rata.service';

const tags = ['prices'];

export const priceRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });
    const actor = (request: Parameters<typeof authOf>[0]) => ({
      auth: authOf(request),
      requestId: request.id,
    });
    const answer = async (request: Parameters<typeof authOf>[0], priceId: number) => ({
      data: await priceDetail(deps, authOf(request), priceId),
    });

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
        const priceId = await createPrice(deps, actor(request), request.params.id, request.body);
        return reply.code(201).send(await answer(request, priceId));
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
          body: priceBody,
          response: { 200: priceAnswer, ...writeErrors },
        },
      },
      async (request) => {
        await updatePrice(deps, actor(request), request.params.id, request.body);
        return answer(request, request.params.id);
      },
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
      async (request) => {
        await archivePrice(deps, actor(request), request.params.id);
        return answer(request, request.params.id);
      },
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
      async (request) => {
        await restorePrice(deps, actor(request), request.params.id);
        return answer(request, request.params.id);
      },
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
        await deletePrice(deps, actor(request), request.params.id);
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
          actor(request),
          request.params.id,
          request.body?.age_bypass ?? false,
        );
        return reply.code(201).send({ data: presentLink(deps.env.REGISTER_URL, link) });
      },
    );
  };
