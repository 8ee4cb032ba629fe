import { ACTIVE_USERS_MAX_POINTS, statsQuery } from '@gym/domain/api/dashboard';
import { memberFiltersSchema } from '@gym/domain/api/members-requests';
import {
  PAYMENTS_DEFAULT_DAYS,
  PAYMENTS_MAX_DAYS,
  paymentFilters,
  resolveRange,
} from '@gym/domain/api/payments';
import { VISITS_DEFAULT_DAYS, VISITS_MAX_DAYS, visitFilters } from '@gym/domain/api/visits';
import { addDays, todayInAuckland } from '@gym/domain/calendar-date';
import {
  activeUsers,
  chartDays,
  costAndVisitBreakdown,
  dashboardStats,
  listMembers,
  listPayments,
  listVisits,
  paymentTotals,
  userBreakdown,
  visitCounts,
} from '../../apps/server/src/public-testing';
import { recordStatements, type Scenario } from '../scenario';

// The screens staff live in, at the bench's size (100,000 members, their payments and visits): the
// members list's first page and a filtered page, the payments and visits lists (each page with the totals
// for its filter, as the routes answer), and the dashboard's figures, for the whole organisation.
const PAGE = { limit: 25, offset: 0 };
const whole = (organisationId: number) => ({ organisationId, gymIds: null });

export function membersScenario(name: string, order: number, query: Record<string, string>): Scenario {
  const search = new URLSearchParams({ per_page: '25', ...query });
  return {
    name,
    order,
    session: 'admin',
    request: { method: 'GET', path: `/api/members?${search}` },
    statements: (context) =>
      recordStatements(context.pool, (db) => {
        const now = new Date();
        return listMembers(
          db,
          whole(context.organisationId),
          memberFiltersSchema.parse(query),
          { now, today: todayInAuckland(now) },
          PAGE,
        );
      }),
  };
}

// The payments and visits lists with the dates the routes settle (the default range without any).
function paymentsScenario(name: string, order: number, query: Record<string, string>): Scenario {
  const search = new URLSearchParams({ per_page: '25', ...query });
  return {
    name,
    order,
    session: 'admin',
    request: { method: 'GET', path: `/api/payments?${search}` },
    statements: (context) =>
      recordStatements(context.pool, async (db) => {
        const asked = paymentFilters.parse(query);
        const today = todayInAuckland(new Date());
        const filters = { ...asked, ...resolveRange(asked, today, PAYMENTS_DEFAULT_DAYS, PAYMENTS_MAX_DAYS) };
        await listPayments(db, whole(context.organisationId), filters, PAGE);
        await paymentTotals(db, whole(context.organisationId), filters);
      }),
  };
}

function visitsScenario(
  name: string,
  order: number,
  session: 'admin' | 'gym-admin',
  query: Record<string, string>,
): Scenario {
  const search = new URLSearchParams({ per_page: '25', ...query });
  return {
    name,
    order,
    session,
    request: { method: 'GET', path: `/api/visits?${search}` },
    statements: (context) =>
      recordStatements(context.pool, async (db) => {
        const asked = visitFilters.parse(query);
        const today = todayInAuckland(new Date());
        const filters = { ...asked, ...resolveRange(asked, today, VISITS_DEFAULT_DAYS, VISITS_MAX_DAYS) };
        const scope = {
          organisationId: context.organisationId,
          gymIds: session === 'admin' ? null : context.gymIds,
        };
        await listVisits(db, scope, filters, PAGE);
        await visitCounts(db, scope, filters);
      }),
  };
}

const today = todayInAuckland(new Date());

export const scenarios: Scenario[] = [
  membersScenario('members-first-page', 40, {}),
  membersScenario('members-active-owing', 41, { state: 'grace', owing: 'true' }),
  membersScenario('members-search-by-balance', 42, {
    search: 'smi',
    sort: 'balance_owing',
    direction: 'desc',
  }),
  // Payments: the first page (the last 30 days), failed ones, and card payments over a chosen 90
  // days, each with the totals for its filter. Visits: the first page (the last 7 days), and a gym
  // admin's refused unlocks over 30 days, with the counts.
  paymentsScenario('payments-first-page', 43, {}),
  paymentsScenario('payments-failed', 44, { status: 'failed' }),
  paymentsScenario('payments-date-range', 44.5, {
    from: addDays(today, -90),
    to: addDays(today, -1),
    type: 'stripe_card',
  }),
  visitsScenario('visits-first-page', 45, 'admin', {}),
  visitsScenario('visits-filtered', 45.5, 'gym-admin', {
    successful: 'false',
    from: addDays(today, -29),
    to: today,
  }),
  {
    name: 'dashboard-stats',
    order: 46,
    session: 'admin',
    request: { method: 'GET', path: '/api/stats' },
    statements: (context) =>
      recordStatements(context.pool, (db) =>
        dashboardStats(db, whole(context.organisationId), new Date(), statsQuery.parse({}).period_days),
      ),
  },
  // The dashboard's other calls as the page makes them (the routes' defaults: the chart's 12 weeks a
  // point a week, the cost per visit over the last 30 days).
  {
    name: 'dashboard-active-users',
    order: 47,
    session: 'admin',
    request: { method: 'GET', path: '/api/active-users' },
    statements: (context) =>
      recordStatements(context.pool, (db) => {
        const now = new Date();
        const today = todayInAuckland(now);
        const days = chartDays(addDays(today, -84), today, 'week', ACTIVE_USERS_MAX_POINTS);
        return activeUsers(db, whole(context.organisationId), now, days);
      }),
  },
  {
    name: 'dashboard-user-breakdown',
    order: 48,
    session: 'admin',
    request: { method: 'GET', path: '/api/user-breakdown' },
    statements: (context) =>
      recordStatements(context.pool, (db) => userBreakdown(db, whole(context.organisationId), new Date())),
  },
  {
    name: 'dashboard-cost-and-visit-breakdown',
    order: 49,
    session: 'admin',
    request: { method: 'GET', path: '/api/cost-and-visit-breakdown' },
    statements: (context) =>
      recordStatements(context.pool, (db) => {
        const now = new Date();
        const to = todayInAuckland(now);
        return costAndVisitBreakdown(db, whole(context.organisationId), now, { from: addDays(to, -29), to });
      }),
  },
];
