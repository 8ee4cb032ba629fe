// Offerings (spec section 7 "Offerings and prices"): staff read; organisation and gym admins write.

import { offeringBody, offeringUpdateBody } from '@gym/domain/api/catalogue-requests';
import {
  offeringAnswer,
  offeringListAnswer,
  offeringPageAnswer,
  uniqueMembershipsAnswer,
} from '@gym/domain/api/offerings';
import { messageAnswer } from '@gym/domain/api/prices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../auth/actor';
import { authOf, guard } from '../../auth/guard';
import { idParam } from '../../http/params';
import {
  gymOfferingParams,
  gymParam,
  offeringListQuery,
  offeringReadErrors as readErrors,
  writeErrors,
} from './catalogue.schemas';
import {
  archiveOffering,
  createOffering,
  deleteOffering,
  gymOfferings,
  gymOfferingUniqueMemberships,
  offeringDetail,
  offeringPage,
  updateOffering,
} from './offerings.service';

const tags = ['offerings'];

export const offeringRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });

    app.get(
      '/api/gyms/:gym_id/offerings',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Offerings on sale at a gym, with the prices on sale there and its card surcharge',
          params: gymParam,
          response: { 200: offeringListAnswer, ...readErrors },
        },
      },
      async (request) => ({ data: await gymOfferings(deps, authOf(request), request.params.gym_id) }),
    );

    app.get(
      '/api/offerings',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            "The organisation's offerings, a page at a time (on sale by default; archived=true for archived)",
          querystring: offeringListQuery,
          response: { 200: offeringPageAnswer, ...readErrors },
        },
      },
      async (request) => {
        const { type, gym_id, archived, search, ...paging } = request.query;
        return offeringPage(deps, authOf(request), paging, { type, gymId: gym_id, archived, search });
      },
    );

    app.get(
      '/api/offerings/:id',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'One offering with its prices, hours and gyms',
          params: idParam,
          response: { 200: offeringAnswer, ...readErrors },
        },
      },
      async (request) => ({ data: await offeringDetail(deps, authOf(request), request.params.id) }),
    );

    app.post(
      '/api/offerings',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Create an offering with its prices, hours and gyms',
          body: offeringBody,
          response: { 201: offeringAnswer, ...writeErrors },
        },
      },
      async (request, reply) => {
        return reply.code(201).send({ data: await createOffering(deps, actorOf(request), request.body) });
      },
    );

    app.put(
      '/api/offerings/:id',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Change an offering, its hours and gyms (prices change through their own calls; `prices` here is ignored)',
          params: idParam,
          body: offeringUpdateBody,
          response: { 200: offeringAnswer, ...writeErrors },
        },
      },
      async (request) => ({
        data: await updateOffering(deps, actorOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/api/offerings/:id',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Delete an offering that never had subscriptions (409 otherwise: archive it)',
          params: idParam,
          response: { 200: messageAnswer, ...writeErrors },
        },
      },
      async (request) => {
        await deleteOffering(deps, actorOf(request), request.params.id);
        return { message: 'The offering was deleted.' };
      },
    );

    app.delete(
      '/api/offerings/:id/archive',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Archive an offering and its prices on sale (members keep their subscriptions)',
          params: idParam,
          response: { 200: offeringAnswer, ...writeErrors },
        },
      },
      async (request) => ({ data: await archiveOffering(deps, actorOf(request), request.params.id) }),
    );

    app.get(
      '/api/gyms/:gym_id/offerings/:offering_id/unique-memberships',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'The distinct memberships (price and amount paid) members hold at a gym on an offering, with counts',
          params: gymOfferingParams,
          response: { 200: uniqueMembershipsAnswer, ...readErrors },
        },
      },
      async (request) => ({
        data: await gymOfferingUniqueMemberships(
          deps,
          authOf(request),
          request.params.gym_id,
          request.params.offering_id,
        ),
      }),
    );
  };
