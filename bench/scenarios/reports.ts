import { debtorsQuery, forecastQuery, monthlyReportQuery } from '@gym/domain/api/reports';
import { todayInAuckland } from '@gym/domain/calendar-date';
import {
  churn,
  collections,
  debtors,
  forecast,
  monthPeriod,
  recurringRevenue,
} from '../../apps/server/src/public-testing';
import { recordStatements, type Scenario } from '../scenario';

// The owner's reports (issue 29) as the reports screen asks for them: each report's default (the twelve
// months to this one; the debtors' first page; the next 30 days), for the whole organisation, and the
// recurring revenue of a gym admin's gyms. Each reads the base tables (subscriptions, price changes,
// pauses, the activity log's cancellations, charges and attempts) with migration 0023's indexes.
const whole = (organisationId: number) => ({ organisationId, gymIds: null });

function monthlyScenario(
  name: string,
  order: number,
  report: 'recurring-revenue' | 'churn' | 'collections',
  session: 'admin' | 'gym-admin' = 'admin',
): Scenario {
  return {
    name,
    order,
    session,
    request: { method: 'GET', path: `/api/reports/${report}` },
    statements: (context) =>
      recordStatements(context.pool, (db) => {
        const today = todayInAuckland(new Date());
        const period = monthPeriod(monthlyReportQuery.parse({}), today);
        const scope = {
          organisationId: context.organisationId,
          gymIds: session === 'admin' ? null : context.gymIds,
        };
        if (report === 'recurring-revenue') return recurringRevenue(db, scope, period, today);
        if (report === 'churn') return churn(db, scope, period);
        return collections(db, scope, period);
      }),
  };
}

export const scenarios: Scenario[] = [
  monthlyScenario('reports-recurring-revenue', 60, 'recurring-revenue'),
  monthlyScenario('reports-recurring-revenue-gym', 60.5, 'recurring-revenue', 'gym-admin'),
  monthlyScenario('reports-churn', 61, 'churn'),
  monthlyScenario('reports-collections', 62, 'collections'),
  {
    name: 'reports-debtors',
    order: 63,
    session: 'admin',
    request: { method: 'GET', path: '/api/reports/debtors' },
    statements: (context) =>
      recordStatements(context.pool, (db) =>
        debtors(db, whole(context.organisationId), debtorsQuery.parse({}), todayInAuckland(new Date())),
      ),
  },
  {
    name: 'reports-forecast',
    order: 64,
    session: 'admin',
    request: { method: 'GET', path: '/api/reports/forecast' },
    statements: (context) =>
      recordStatements(context.pool, (db) =>
        forecast(
          { db, clock: { now: () => new Date() } },
          db,
          whole(context.organisationId),
          forecastQuery.parse({}).days,
        ),
      ),
  },
];
