// The owner's reports (issue 29): GET /api/reports/recurring-revenue, /churn, /collections, /debtors and
// /forecast, and each as CSV at …/export with the same filters (a link downloads it). Organisation admins
// read every gym, gym admins theirs (another organisation's gym is 404, a gym they do not administer
// 403). Figures come from reports.service.ts, read from the replica when there is one (they may lag a
// second, as the dashboard's do).
import type { Readable } from 'node:stream';
import {
  churnAnswer,
  collectionsAnswer,
  debtorsAnswer,
  debtorsQuery,
  forecastAnswer,
  forecastQuery,
  type MonthlyReportQuery,
  monthlyReportQuery,
  recurringRevenueAnswer,
} from '@gym/domain/api/reports';
import { todayInAuckland } from '@gym/domain/calendar-date';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { type AuthContext, authOf, guard } from '../../auth/guard';
import { readerFor } from '../../db/read-replica';
import { errorResponses } from '../../http/envelope';
import {
  churn,
  collections,
  debtors,
  forecast,
  monthPeriod,
  recurringRevenue,
  reportScope,
} from './reports.service';
import { churnCsv, collectionsCsv, debtorsCsv, forecastCsv, recurringRevenueCsv } from './reports-export';

const errors = errorResponses(401, 403, 404, 422);
const csvResponse = { 200: z.unknown().describe('text/csv'), ...errors };

function sendCsv(reply: FastifyReply, name: string, day: string, csv: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

export const reportsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });
    const tags = ['reports'];
    const reader = () => readerFor(deps, 'dashboardFigures');
    const today = () => todayInAuckland(deps.clock.now());
    const monthly = async (auth: AuthContext, query: MonthlyReportQuery) => ({
      scope: await reportScope(deps.db, auth, query.gym_id),
      period: monthPeriod(query, today()),
    });
    const readRevenue = async (auth: AuthContext, query: MonthlyReportQuery) => {
      const { scope, period } = await monthly(auth, query);
      return recurringRevenue(reader(), scope, period, today());
    };
    const readChurn = async (auth: AuthContext, query: MonthlyReportQuery) => {
      const { scope, period } = await monthly(auth, query);
      return churn(reader(), scope, period);
    };
    const readCollections = async (auth: AuthContext, query: MonthlyReportQuery) => {
      const { scope, period } = await monthly(auth, query);
      return collections(reader(), scope, period);
    };

    app.get(
      '/api/reports/recurring-revenue',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Monthly recurring revenue at each month’s end and its movement (new, expansion, contraction, churned, reactivated)',
          querystring: monthlyReportQuery,
          response: { 200: recurringRevenueAnswer, ...errors },
        },
      },
      async (request) => ({ data: await readRevenue(authOf(request), request.query) }),
    );
    app.get(
      '/api/reports/recurring-revenue/export',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Recurring revenue as CSV',
          querystring: monthlyReportQuery,
          response: csvResponse,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          'recurring-revenue',
          today(),
          recurringRevenueCsv(await readRevenue(authOf(request), request.query)),
        ),
    );

    app.get(
      '/api/reports/churn',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Members lost each month as a share of those at its start: voluntary, non-payment, and the reasons',
          querystring: monthlyReportQuery,
          response: { 200: churnAnswer, ...errors },
        },
      },
      async (request) => ({ data: await readChurn(authOf(request), request.query) }),
    );
    app.get(
      '/api/reports/churn/export',
      {
        preHandler: staff,
        schema: { tags, summary: 'Churn as CSV', querystring: monthlyReportQuery, response: csvResponse },
      },
      async (request, reply) =>
        sendCsv(reply, 'churn', today(), churnCsv(await readChurn(authOf(request), request.query))),
    );

    app.get(
      '/api/reports/collections',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'What fell due, was collected first time, recovered (retries, member, staff) or written off, by rail and failure',
          querystring: monthlyReportQuery,
          response: { 200: collectionsAnswer, ...errors },
        },
      },
      async (request) => ({ data: await readCollections(authOf(request), request.query) }),
    );
    app.get(
      '/api/reports/collections/export',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Collections as CSV',
          querystring: monthlyReportQuery,
          response: csvResponse,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          'collections',
          today(),
          collectionsCsv(await readCollections(authOf(request), request.query)),
        ),
    );

    app.get(
      '/api/reports/debtors',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Everyone owing, aged (under 7, 7–14, 15–30, over 30 days), with grace end and the last reminder',
          querystring: debtorsQuery,
          response: { 200: debtorsAnswer, ...errors },
        },
      },
      async (request) => {
        const scope = await reportScope(deps.db, authOf(request), request.query.gym_id);
        return debtors(reader(), scope, request.query, today());
      },
    );
    app.get(
      '/api/reports/debtors/export',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Everyone owing as CSV',
          querystring: debtorsQuery.pick({ gym_id: true }),
          response: csvResponse,
        },
      },
      async (request, reply) => {
        const scope = await reportScope(deps.db, authOf(request), request.query.gym_id);
        return sendCsv(reply, 'debtors', today(), debtorsCsv(readerFor(deps, 'exports'), scope, today()));
      },
    );

    const readForecast = async (auth: AuthContext, query: { gym_id?: number | undefined; days: number }) => {
      const scope = await reportScope(deps.db, auth, query.gym_id);
      return forecast(deps, reader(), scope, query.days);
    };
    app.get(
      '/api/reports/forecast',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'What the rules call to be collected each day of the next days, against the same days last month',
          querystring: forecastQuery,
          response: { 200: forecastAnswer, ...errors },
        },
      },
      async (request) => ({ data: await readForecast(authOf(request), request.query) }),
    );
    app.get(
      '/api/reports/forecast/export',
      {
        preHandler: staff,
        schema: { tags, summary: 'The forecast as CSV', querystring: forecastQuery, response: csvResponse },
      },
      async (request, reply) =>
        sendCsv(reply, 'forecast', today(), forecastCsv(await readForecast(authOf(request), request.query))),
    );
  };
