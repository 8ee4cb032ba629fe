import { atRiskQuery } from '@gym/domain/api/at-risk';
import { debtorsQuery, forecastQuery, monthlyReportQuery } from '@gym/domain/api/reports';
import { todayInAuckland } from '@gym/domain/calendar-date';
import {
  atRiskReport,
  churn,
  collections,
  debtors,
  forecast,
  monthPeriod,
  recurringRevenue,
} from '../../apps/server/src/public-testing';
import { recordStatements, type Scenario } from '../scenario';

// The owner's reports (issue 29) as the reports screen asks for them: each report's default (the twelve
// months to this one; the debtors' first page; the next 30 days; the first page of members at risk),
// for the whole organisation, and the recurring revenue of a gym admin's gyms. Recurring revenue and
// churn read migration 0029's summaries, collections 0027's; debtors, the forecast and at risk read the
// base tables with their indexes.
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
  {
    name: 'reports-at-risk',
    order: 65,
    session: 'admin',
    request: { method: 'GET', path: '/api/reports/at-risk' },
    // A read of the kept lists (migration 0034): the first call of the day keeps them (once per
    // organisation and day), the second's statements are what every other request sends.
    statements: async (context) => {
      const report = (db: Parameters<Parameters<typeof recordStatements>[1]>[0]) =>
        atRiskReport(
          { db, clock: { now: () => new Date() } },
          whole(context.organisationId),
          atRiskQuery.parse({}),
        );
      await recordStatements(context.pool, report);
      return recordStatements(context.pool, report);
    },
  },
];
