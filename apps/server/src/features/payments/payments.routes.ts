// Payments (spec section 7 "Payments and visits"): the list with its filters and totals, the bookkeeper's
// CSV export, one payment's detail, and "retry now" on a failed charge. Organisation admins read every
// gym; gym admins their gyms (docs/roles.md).

import {
  lastReachablePage,
  PAYMENTS_DEFAULT_DAYS,
  PAYMENTS_MAX_DAYS,
  type PaymentFilters,
  paymentDetailAnswer,
  paymentRetryAnswer,
  paymentsAnswer,
  paymentsExportBody,
  paymentsQuery,
  resolveRange,
} from '@gym/domain/api/payments';
import { todayInAuckland } from '@gym/domain/calendar-date';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../auth/actor';
import { authOf, guard } from '../../auth/guard';
import { readerFor } from '../../db/read-replica';
import { errorResponses, offsetOf, page } from '../../http/envelope';
import { idParam } from '../../http/params';
import { gymScope } from './gym-scope';
import { standingOf, standingsOf } from './payment-standing';
import { presentPayment } from './payments.presenter';
import { listPayments, paymentTotals } from './payments.repository';
import { PAYMENT_READERS, paymentDetail, retryPaymentNow } from './payments.service';
import { paymentsCsv } from './payments-export';

/** The filters with their dates settled: those asked for, or the last PAYMENTS_DEFAULT_DAYS to today. */
function withRange(deps: AppDeps, filters: PaymentFilters): PaymentFilters {
  const today = todayInAuckland(deps.clock.now());
  return { ...filters, ...resolveRange(filters, today, PAYMENTS_DEFAULT_DAYS, PAYMENTS_MAX_DAYS) };
}

export const paymentsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });
    const tags = ['payments'];

    app.get(
      '/api/payments',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Payments (attempts) of the organisation, newest first, filtered (by default the last 30 days), with totals for the filter',
          querystring: paymentsQuery,
          response: { 200: paymentsAnswer, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const { page: _page, per_page: _perPage, ...asked } = request.query;
        const filters = withRange(deps, asked);
        const scope = {
          organisationId: auth.organisationId,
          gymIds: await gymScope(deps.db, auth, PAYMENT_READERS, filters.gym_id),
        };
        const [rows, totals] = await Promise.all([
          listPayments(deps.db, scope, filters, {
            limit: request.query.per_page,
            offset: offsetOf(request.query),
          }),
          paymentTotals(deps.db, scope, filters),
        ]);
        const standings = await standingsOf(
          deps.db,
          auth.organisationId,
          rows.map((r) => r.id),
        );
        const answer = page(
          rows.map((r) => presentPayment(r, standingOf(standings, r.id))),
          totals.count,
          request.query,
        );
        return {
          data: answer.data,
          meta: {
            ...answer.meta,
            last_page: lastReachablePage(totals.count, request.query.per_page),
            totals,
            range: { from: filters.from!, to: filters.to! },
          },
        };
      },
    );

    app.post(
      '/api/payments/export',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'The filtered payments as CSV, with the columns a bookkeeper reconciles against the bank',
          body: paymentsExportBody,
          // A CSV stream (text/csv), not JSON: errors answer as every route's do (401, 403, 404, 422).
        },
      },
      async (request, reply) => {
        const auth = authOf(request);
        const scope = {
          organisationId: auth.organisationId,
          gymIds: await gymScope(deps.db, auth, PAYMENT_READERS, request.body.gym_id),
        };
        const today = todayInAuckland(deps.clock.now());
        request.log.info({ filters: request.body }, 'payments export');
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="payments-${today}.csv"`)
          .header('cache-control', 'no-store')
          .send(paymentsCsv(readerFor(deps, 'exports'), scope, withRange(deps, request.body)));
      },
    );

    app.get(
      '/api/payments/:id',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'One payment with its charge, every attempt at it, and whether it can be retried now',
          params: idParam,
          response: { 200: paymentDetailAnswer, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => ({ data: await paymentDetail(deps, authOf(request), request.params.id) }),
    );

    app.post(
      '/api/payments/:id/retry',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Try a failed charge again now through the billing engine (once per failed attempt)',
          params: idParam,
          response: { 200: paymentRetryAnswer, ...errorResponses(401, 403, 404, 409, 422, 502) },
        },
      },
      async (request) => ({ data: await retryPaymentNow(deps, actorOf(request), request.params.id) }),
    );
  };
