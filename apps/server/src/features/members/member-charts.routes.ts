// The member activity screen's charts (spec section 7): visits per week, the periods charged, and what
// each visit cost per week, over the last `weeks` weeks. Readable by whoever may read the member.
import {
  subscriptionPeriodsAnswer,
  weeklyCostPerVisitAnswer,
  weeklyVisitsAnswer,
} from '@gym/domain/api/members';
import { chartQuery } from '@gym/domain/api/members-requests';
import { addDays, type CalendarDate, toCalendarDate } from '@gym/domain/calendar-date';
import { formatMoney } from '@gym/domain/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../auth/guard';
import { authOf, guard } from '../../auth/guard';
import { errorResponses } from '../../http/envelope';
import { idParam } from '../../http/params';
import { chargesIn, visitInstants } from './member-charts.repository';
import { memberFor } from './members.service';
import { costPerVisit, paidPerWeek, visitsPerWeek, weekStarts } from './weekly-buckets';

const errors = errorResponses(400, 401, 403, 404, 422, 429);

async function chartRange(deps: AppDeps, auth: AuthContext, userId: number, weeks: number) {
  const member = await memberFor(deps, auth, userId, 'read');
  const starts = weekStarts(toCalendarDate(deps.clock.now()), weeks);
  const first = starts[0]!;
  const end = addDays(starts[starts.length - 1]!, 7);
  return { member, starts, first, end };
}

export const memberChartRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = guard(deps, { staff: true });
    const tags = ['members'];

    app.get(
      '/api/members/:id/weekly-visits',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'Visits per week (Monday to Sunday) over the last `weeks` weeks, oldest first',
          params: idParam,
          querystring: chartQuery,
          response: { 200: weeklyVisitsAnswer, ...errors },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const { member, starts, first, end } = await chartRange(
          deps,
          auth,
          request.params.id,
          request.query.weeks,
        );
        const counts = visitsPerWeek(
          starts,
          await visitInstants(deps.db, auth.organisationId, member.id, first, end),
        );
        return { data: starts.map((week_start, i) => ({ week_start, visits: counts[i]! })) };
      },
    );

    app.get(
      '/api/members/:id/subscription-periods',
      {
        preHandler: staff,
        schema: {
          tags,
          summary: 'The periods charged over the last `weeks` weeks, with their amount and whether paid',
          params: idParam,
          querystring: chartQuery,
          response: { 200: subscriptionPeriodsAnswer, ...errors },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const { member, first, end } = await chartRange(deps, auth, request.params.id, request.query.weeks);
        const rows = await chargesIn(deps.db, auth.organisationId, member.id, first, end);
        return {
          data: rows.map((r) => ({
            subscription_id: r.subscription_id,
            period_start: r.period_start,
            period_end: r.period_end,
            amount: r.amount + r.surcharge,
            formatted_amount: formatMoney(r.amount + r.surcharge),
            status: r.status,
            offering: r.offering,
          })),
        };
      },
    );

    app.get(
      '/api/members/:id/weekly-cost-per-visit',
      {
        preHandler: staff,
        schema: {
          tags,
          summary:
            'Per week: what the member paid for that week (paid periods spread over their days) ÷ visits',
          params: idParam,
          querystring: chartQuery,
          response: { 200: weeklyCostPerVisitAnswer, ...errors },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const { member, starts, first, end } = await chartRange(
          deps,
          auth,
          request.params.id,
          request.query.weeks,
        );
        const [visits, charges] = await Promise.all([
          visitInstants(deps.db, auth.organisationId, member.id, first, end),
          chargesIn(deps.db, auth.organisationId, member.id, first, end),
        ]);
        const counts = visitsPerWeek(starts, visits);
        const paid = paidPerWeek(
          starts,
          charges
            .filter((c) => c.status === 'paid')
            .map((c) => ({
              periodStart: c.period_start as CalendarDate,
              periodEnd: c.period_end as CalendarDate | null,
              paid: c.amount + c.surcharge,
            })),
        );
        return {
          data: starts.map((week_start, i) => {
            const cost = costPerVisit(paid[i]!, counts[i]!);
            return {
              week_start,
              paid: paid[i]!,
              formatted_paid: formatMoney(paid[i]!),
              visits: counts[i]!,
              cost_per_visit: cost,
              formatted_cost_per_visit: cost === null ? null : formatMoney(cost),
            };
          }),
        };
      },
    );
  };
