// The dashboard's calls (spec section 7 "Dashboard and search") and the active-user debugging screen's.
// Figures are for one gym (gym_id) or every gym the person administers (the whole organisation for its
// admins); all of them come from dashboard.queries.ts. Admins only: the figures are money. The four
// dashboard calls read the summaries of migration 0022 as they stand (docs/decisions/015): nothing is
// answered from memory. The primary is passed for the roll-up of past days the replica may lack.

import {
  ACTIVE_USERS_MAX_POINTS,
  activeUserDebuggingAnswer,
  activeUserDebuggingQuery,
  activeUsersAnswer,
  activeUsersQuery,
  costAndVisitAnswer,
  costAndVisitQuery,
  statsAnswer,
  statsQuery,
  userBreakdownAnswer,
  userBreakdownQuery,
} from '@gym/domain/api/dashboard';
import { addDays, type CalendarDate, daysBetween, toCalendarDate } from '@gym/domain/calendar-date';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { type AuthContext, authOf, guard } from '../../auth/guard';
import { readerFor } from '../../db/read-replica';
import { validationError } from '../../http/app-error';
import { errorResponses } from '../../http/envelope';
import { gymScope } from '../payments';
import {
  activeUserDebugging,
  activeUsers,
  chartDays,
  costAndVisitBreakdown,
  dashboardStats,
  userBreakdown,
} from './dashboard.queries';

const DASHBOARD_READERS = ['admin'] as const;
const errors = errorResponses(401, 403, 404, 422);

const scopeOf = async (deps: AppDeps, auth: AuthContext, gymId: number | undefined) => ({
  organisationId: auth.organisationId,
  gymIds: await gymScope(deps.db, auth, DASHBOARD_READERS, gymId),
});

export const dashboardRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });
    const tags = ['dashboard'];
    const reader = () => readerFor(deps, 'dashboardFigures');

    app.get(
      '/api/stats',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Active members, joins, cancellations, revenue, failures, grace, and who stopped coming',
          querystring: statsQuery,
          response: { 200: statsAnswer, ...errors },
        },
      },
      async (request) => {
        const scope = await scopeOf(deps, authOf(request), request.query.gym_id);
        const days = request.query.period_days;
        return {
          data: await dashboardStats(reader(), scope, deps.clock.now(), days, deps.db),
        };
      },
    );

    app.get(
      '/api/active-users',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Members active on each day of a range (a point per day, week or month)',
          querystring: activeUsersQuery,
          response: { 200: activeUsersAnswer, ...errors },
        },
      },
      async (request) => {
        const now = deps.clock.now();
        const today = toCalendarDate(now);
        const { interval } = request.query;
        const to = (request.query.to ?? today) as CalendarDate;
        const from = (request.query.from ?? addDays(to, -84)) as CalendarDate;
        if (to < from) throw validationError({ to: ['The end comes before the start'] });
        const points =
          interval === 'day'
            ? daysBetween(from, to) + 1
            : interval === 'week'
              ? daysBetween(from, to) / 7 + 1
              : daysBetween(from, to) / 28 + 1;
        if (points > ACTIVE_USERS_MAX_POINTS)
          throw validationError({ from: [`Choose a range of at most ${ACTIVE_USERS_MAX_POINTS} points`] });
        const scope = await scopeOf(deps, authOf(request), request.query.gym_id);
        const days = chartDays(from, to, interval, ACTIVE_USERS_MAX_POINTS);
        return {
          data: await activeUsers(reader(), scope, now, days, deps.db),
        };
      },
    );

    app.get(
      '/api/user-breakdown',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Members by membership state, and holders by offering, price and gym',
          querystring: userBreakdownQuery,
          response: { 200: userBreakdownAnswer, ...errors },
        },
      },
      async (request) => {
        const scope = await scopeOf(deps, authOf(request), request.query.gym_id);
        return {
          data: await userBreakdown(reader(), scope, deps.clock.now()),
        };
      },
    );

    app.get(
      '/api/cost-and-visit-breakdown',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'What members of each offering paid in a range, their visits, and the cost per visit',
          querystring: costAndVisitQuery,
          response: { 200: costAndVisitAnswer, ...errors },
        },
      },
      async (request) => {
        const now = deps.clock.now();
        const to = (request.query.to ?? toCalendarDate(now)) as CalendarDate;
        const from = (request.query.from ?? addDays(to, -29)) as CalendarDate;
        if (to < from) throw validationError({ to: ['The end comes before the start'] });
        const scope = await scopeOf(deps, authOf(request), request.query.gym_id);
        return {
          data: await costAndVisitBreakdown(reader(), scope, now, { from, to }),
        };
      },
    );

    app.get(
      '/api/active-user-debugging',
      {
        preHandler: guard(deps, { organisationAdmin: true }),
        schema: {
          tags,
          summary: 'Who counts as active on a day, and the facts behind each member’s state',
          querystring: activeUserDebuggingQuery,
          response: { 200: activeUserDebuggingAnswer, ...errors },
        },
      },
      async (request) => {
        const now = deps.clock.now();
        const date = (request.query.date ?? toCalendarDate(now)) as CalendarDate;
        const scope = await scopeOf(deps, authOf(request), request.query.gym_id);
        const { only, page, per_page } = request.query;
        const found = await activeUserDebugging(deps.db, scope, now, date, { only, page, per_page });
        return {
          data: found.rows,
          meta: {
            date,
            active: found.active,
            inactive: found.inactive,
            current_page: page,
            per_page,
            total: found.total,
            last_page: Math.max(1, Math.ceil(found.total / per_page)),
          },
        };
      },
    );
  };
