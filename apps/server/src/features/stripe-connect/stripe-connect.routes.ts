// Stripe Connect (spec section 7 "Card provider"): the onboarding redirect, the exchange after the
// return to /stripe/callback, and where a gym stands with Stripe. Organisation admins and the gym's admins.

import { connectionAnswer, redirectAnswer } from '@gym/domain/api/stripe-connect';
import { exchangeBody } from '@gym/domain/api/stripe-connect-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../auth/actor';
import { authOf, guard } from '../../auth/guard';
import { errorResponses } from '../../http/envelope';
import { idParam } from '../../http/params';
import * as service from './stripe-connect.service';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 502);

export const stripeConnectRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });
    const tags = ['stripe-connect'];

    app.post(
      '/api/gyms/:id/stripe/redirect',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'The address of Stripe’s onboarding form for the gym (its connected account is made on first use)',
          params: idParam,
          response: { 200: redirectAnswer, ...errors },
        },
      },
      async (request) => ({
        data: await service.startOnboarding(deps, actorOf(request), request.params.id),
      }),
    );

    app.post(
      '/api/stripe/exchange',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'After the return from Stripe: checks the state and answers what the account can do now',
          body: exchangeBody,
          response: { 200: connectionAnswer, ...errors },
        },
      },
      async (request) => ({ data: await service.exchange(deps, actorOf(request), request.body) }),
    );

    app.get(
      '/api/gyms/:id/stripe',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Where the gym stands with Stripe: no account, onboarding unfinished, connected',
          params: idParam,
          response: { 200: connectionAnswer, ...errors },
        },
      },
      async (request) => ({
        data: await service.connection(deps, authOf(request), request.params.id),
      }),
    );
  };
