// The reports' calls (GET /api/reports/recurring-revenue, /churn, /collections, /debtors, /forecast),
// checked on arrival with the schemas the server answers with, and each report's CSV (…/export with the
// same filters), saved under the server's file name.
import {
  churnAnswer,
  collectionsAnswer,
  debtorsAnswer,
  forecastAnswer,
  type ReportName,
  recurringRevenueAnswer,
} from '@gym/domain/api/reports';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import type { Query } from '@/config/paths';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/download-file';

export type {
  Churn,
  Collections,
  CollectionsFigures,
  Debtor,
  DebtorsAnswer,
  Forecast,
  RecurringRevenue,
} from '@gym/domain/api/reports';

export const reportKeys = {
  all: ['reports'] as const,
  of: (organisationId: number, report: ReportName, query: Query) =>
    ['reports', organisationId, report, query] as const,
};

function useMonthlyReport<T>(
  report: ReportName,
  schema: ZodType<{ data: T }>,
  organisationId: number,
  query: Query,
) {
  return useQuery({
    queryKey: reportKeys.of(organisationId, report, query),
    queryFn: async ({ signal }): Promise<T> =>
      (await api.get(`/api/reports/${report}`, { query, schema, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export const useRecurringRevenue = (organisationId: number, query: Query) =>
  useMonthlyReport('recurring-revenue', recurringRevenueAnswer, organisationId, query);
export const useChurn = (organisationId: number, query: Query) =>
  useMonthlyReport('churn', churnAnswer, organisationId, query);
export const useCollections = (organisationId: number, query: Query) =>
  useMonthlyReport('collections', collectionsAnswer, organisationId, query);

export const useDebtors = (organisationId: number, query: Query) =>
  useQuery({
    queryKey: reportKeys.of(organisationId, 'debtors', query),
    queryFn: ({ signal }) => api.get('/api/reports/debtors', { query, schema: debtorsAnswer, signal }),
    placeholderData: keepPreviousData,
  });

export const useForecast = (organisationId: number, query: Query) =>
  useQuery({
    queryKey: reportKeys.of(organisationId, 'forecast', query),
    queryFn: async ({ signal }) =>
      (await api.get('/api/reports/forecast', { query, schema: forecastAnswer, signal })).data,
    placeholderData: keepPreviousData,
  });

/** A report as CSV with the filters on screen. */
export function useReportExport() {
  return useMutation({
    mutationFn: async ({ report, query }: { report: ReportName; query: Query }) => {
      const file = await api.download(`/api/reports/${report}/export`, { query, timeoutMs: 120_000 });
      saveFile(file.blob, file.filename ?? `${report}.csv`);
    },
  });
}
