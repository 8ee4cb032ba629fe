// Staff actions on one subscription (spec section 7 "Members and subscriptions"): where it stands and
// what it allows, pause, cancel and undo, price changes with the member's notice and history, start
// early, and cash or EFTPOS against what is owed. Each change is one transaction in its service.
import {
  balanceAnswer,
  cancelAnswer,
  emailPreviewAnswer,
  manualPaymentAnswer,
  pauseAnswer,
  priceChangeHistoryPage,
  schedulePriceChangeAnswer,
  startEarlyAnswer,
  startEarlySchema,
  subscriptionActionsAnswer,
} from '@gym/domain/api/subscriptions';
import {
  cancelBody,
  manualPaymentBody,
  pauseBody,
  schedulePriceChangeBody,
  startEarlyBody,
} from '@gym/domain/api/subscriptions-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../auth/actor';
import { authOf, guard } from '../../auth/guard';
import { errorResponses, page, pageQuery } from '../../http/envelope';
import { idParam, recordId } from '../../http/params';
import { bulkPriceChangeRoutes } from './bulk-price-change.routes';
import { cancel, undo } from './cancel.service';
import { balanceOf, recordManualPayment } from './manual-payment.service';
import { actionsOf, pause, removePause } from './pause.service';
import { emailPreview, priceChangeHistory, schedulePriceChange } from './price-change.service';
import { startEarly, startEarlyPreview } from './start-early.service';

const subscriptionErrors = errorResponses(400, 401, 403, 404, 409, 422, 502);

export const subscriptionRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });
    const tags = ['subscriptions'];
    const answer = <T>(schema: T) => ({ 200: schema, ...subscriptionErrors });

    app.get(
      '/api/subscriptions/:id/actions',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Where the membership stands (derived state, card colour) and which actions it allows now',
          params: idParam,
          response: answer(subscriptionActionsAnswer),
        },
      },
      async (request) => ({ data: await actionsOf(deps, actorOf(request), request.params.id) }),
    );

    app.post(
      '/api/subscriptions/:id/pause',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Pause from start_date up to end_date (the first day back); dry_run answers the credit days and next charge without booking it',
          params: idParam,
          body: pauseBody,
          response: answer(pauseAnswer),
        },
      },
      async (request) => ({ data: await pause(deps, actorOf(request), request.params.id, request.body) }),
    );

    app.delete(
      '/api/subscriptions/:id/pauses/:pause_id',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Remove a pause that has not begun',
          params: z.object({ id: recordId, pause_id: recordId }),
          response: answer(subscriptionActionsAnswer),
        },
      },
      async (request) => ({
        data: await removePause(deps, actorOf(request), request.params.id, request.params.pause_id),
      }),
    );

    app.post(
      '/api/subscriptions/:id/cancel',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Cancel with reasons and comments (flexi: at the end of the paid period; term: cooling-off refund or break fee); dry_run answers what it would do',
          params: idParam,
          body: cancelBody,
          response: answer(cancelAnswer),
        },
      },
      async (request) => ({ data: await cancel(deps, actorOf(request), request.params.id, request.body) }),
    );

    app.post(
      '/api/subscriptions/:id/undo-cancellation',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Undo a cancellation while now is before undo_cancellation_until',
          params: idParam,
          response: answer(subscriptionActionsAnswer),
        },
      },
      async (request) => ({ data: await undo(deps, actorOf(request), request.params.id) }),
    );

    app.post(
      '/api/subscriptions/schedule-price-change',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Schedule a new price from a date (default the end of the current period); replaces a change still waiting',
          body: schedulePriceChangeBody,
          response: answer(schedulePriceChangeAnswer),
        },
      },
      async (request) => ({ data: await schedulePriceChange(deps, actorOf(request), request.body) }),
    );

    app.post(
      '/api/subscriptions/change-price-email-preview',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'The price-change notice the member will be sent, as it will be sent',
          body: schedulePriceChangeBody,
          response: answer(emailPreviewAnswer),
        },
      },
      async (request) => ({ data: await emailPreview(deps, authOf(request), request.body) }),
    );

    app.get(
      '/api/users/:id/price-change-history',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'The member’s scheduled, applied and replaced price changes, newest first',
          params: idParam,
          querystring: pageQuery,
          response: answer(priceChangeHistoryPage),
        },
      },
      async (request) => {
        const { rows, total } = await priceChangeHistory(
          deps,
          authOf(request),
          request.params.id,
          request.query,
        );
        return page(rows, total, request.query);
      },
    );

    app.get(
      '/api/subscriptions/:id/start-early-data',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Whether an upcoming membership can start today, and the pro-rata charge for the days brought forward',
          params: idParam,
          response: answer(z.object({ data: startEarlySchema })),
        },
      },
      async (request) => ({ data: await startEarlyPreview(deps, actorOf(request), request.params.id) }),
    );

    app.post(
      '/api/subscriptions/:id/start-early',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Start an upcoming membership today, charging the pro-rata amount (and joining fee) now',
          params: idParam,
          body: startEarlyBody,
          response: answer(startEarlyAnswer),
        },
      },
      async (request) => {
        const actor = actorOf(request);
        if (request.body.dry_run)
          return {
            data: { preview: await startEarlyPreview(deps, actor, request.params.id), subscription: null },
          };
        return { data: await startEarly(deps, actor, request.params.id) };
      },
    );

    app.get(
      '/api/subscriptions/:id/balance',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'What is owed, and the amounts a manual payment may be (whole charges, oldest first)',
          params: idParam,
          response: answer(balanceAnswer),
        },
      },
      async (request) => ({ data: await balanceOf(deps, actorOf(request), request.params.id) }),
    );

    app.post(
      '/api/subscriptions/:id/manual-payment',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Record cash or EFTPOS against the balance owing (clears grace and restores door access when nothing is owed)',
          params: idParam,
          body: manualPaymentBody,
          response: answer(manualPaymentAnswer),
        },
      },
      async (request) => ({
        data: await recordManualPayment(deps, actorOf(request), request.params.id, request.body),
      }),
    );

    await app.register(bulkPriceChangeRoutes(deps));
  };
