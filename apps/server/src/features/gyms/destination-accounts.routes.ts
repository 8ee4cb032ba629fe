// The gym's destination account: POST creates the first one, PUT changes it (spec section 5's rules).

import { destinationAccountAnswer } from '@gym/domain/api/gyms';
import {
  destinationAccountCreateSchema,
  destinationAccountUpdateSchema,
} from '@gym/domain/destination-account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../auth/actor';
import { guard } from '../../auth/guard';
import { errorResponses } from '../../http/envelope';
import { idParam } from '../../http/params';
import { createAccount, updateAccount } from './destination-accounts.service';
import { presentDestinationAccount } from './gyms.presenter';
import { accountParams } from './gyms.schemas';

const errors = errorResponses(400, 401, 403, 404, 409, 422);

export const destinationAccountRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });
    const tags = ['gyms'];

    app.post(
      '/api/gyms/:id/destination-accounts',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Add the bank account the gym is paid into (a gym has one; 409 when it already has it)',
          params: idParam,
          body: destinationAccountCreateSchema,
          response: { 201: destinationAccountAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const row = await createAccount(deps, actorOf(request), request.params.id, request.body);
        reply.code(201);
        return { data: presentDestinationAccount(row) };
      },
    );

    app.put(
      '/api/gyms/:id/destination-accounts/:accountId',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Rename the destination account, or change its number (sent twice: bank_account_number_confirmation)',
          params: accountParams,
          body: destinationAccountUpdateSchema,
          response: { 200: destinationAccountAnswer, ...errors },
        },
      },
      async (request) => {
        const { id, accountId } = request.params;
        const row = await updateAccount(deps, actorOf(request), id, accountId, request.body);
        return { data: presentDestinationAccount(row) };
      },
    );
  };
