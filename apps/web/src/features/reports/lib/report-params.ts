// The reports screen's filters live in the address (?report=churn&gym=2&from=2026-01&to=2026-06), so a
// report can be bookmarked and shared: read here, each value checked, anything unreadable left out (the
// server's default then applies), and turned into each report's query.
import { REPORTS, type ReportName } from '@gym/domain/api/reports';
import { DEBT_AGE_BUCKETS, type DebtAgeBucket } from '@gym/domain/report-rules';
import type { Query } from '@/config/paths';

export const FORECAST_DAYS = ['7', '14', '30', '60'] as const;

export interface ReportParams {
  report: ReportName;
  gymId: number | null;
  from: string | null;
  to: string | null;
  bucket: DebtAgeBucket | null;
  page: number;
  days: number;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function readReportParams(params: URLSearchParams): ReportParams {
  const report = params.get('report');
  const gym = Number(params.get('gym'));
  const from = params.get('from');
  const to = params.get('to');
  const bucket = params.get('bucket');
  const page = Number(params.get('page'));
  const days = params.get('days');
  const fromOk = from !== null && MONTH.test(from) ? from : null;
  const toOk = to !== null && MONTH.test(to) ? to : null;
  return {
    report: REPORTS.includes(report as ReportName) ? (report as ReportName) : 'recurring-revenue',
    gymId: Number.isSafeInteger(gym) && gym > 0 ? gym : null,
    // A period the wrong way round is shown as the server's default rather than refused.
    from: fromOk && toOk && toOk < fromOk ? null : fromOk,
    to: fromOk && toOk && toOk < fromOk ? null : toOk,
    bucket: DEBT_AGE_BUCKETS.includes(bucket as DebtAgeBucket) ? (bucket as DebtAgeBucket) : null,
    page: Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    days: FORECAST_DAYS.includes(days as (typeof FORECAST_DAYS)[number]) ? Number(days) : 30,
  };
}

const gymQuery = (p: ReportParams): Query => (p.gymId === null ? {} : { gym_id: p.gymId });

/** The query of a monthly report (recurring revenue, churn, collections). */
export const monthlyQuery = (p: ReportParams): Query => ({
  ...gymQuery(p),
  ...(p.from ? { from: p.from } : {}),
  ...(p.to ? { to: p.to } : {}),
});

export const debtorsQuery = (p: ReportParams): Query => ({
  ...gymQuery(p),
  ...(p.bucket ? { bucket: p.bucket } : {}),
  ...(p.page > 1 ? { page: p.page } : {}),
});

export const forecastQuery = (p: ReportParams): Query => ({ ...gymQuery(p), days: p.days });

/** The query a report's CSV is asked for with: the screen's filters, without the page. */
export function exportQuery(p: ReportParams): Query {
  if (p.report === 'debtors') return gymQuery(p);
  if (p.report === 'forecast') return forecastQuery(p);
  return monthlyQuery(p);
}

/** 'Mar 2026' for '2026-03'. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleDateString('en-NZ', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
