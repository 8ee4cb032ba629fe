// The members calls: the list, one member (read, add, edit, delete), their records (payments, visits,
// payment methods, activity log, door access), the charts, and the CSV export with its progress.
import {
  accessCredentialsAnswer,
  memberAccessControlAnswer,
  memberActivityPage,
  memberAnswer,
  memberPage,
  memberPaymentPage,
  memberVisitPage,
  paymentTypesAnswer,
  recreatedLoginAnswer,
  subscriptionPeriodsAnswer,
  weeklyCostPerVisitAnswer,
  weeklyVisitsAnswer,
} from '@gym/domain/api/members';
import type { MemberCreateInput, MemberUpdateInput } from '@gym/domain/api/members-requests';
import { type Price, pricePageAnswer } from '@gym/domain/api/prices';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiErrorFromResponse } from '@/lib/api-error';
import { saveFile } from '@/lib/download-file';
import type { apiFilters } from '../lib/member-filters';
import { memberKeys } from './member-answers';

const MEMBERS_PER_PAGE = 25;
const RECORDS_PER_PAGE = 10;
type Filters = ReturnType<typeof apiFilters>;

export const useMembers = (organisationId: number, filters: Filters, page: number) =>
  useQuery({
    queryKey: memberKeys.list(organisationId, { ...filters, page }),
    queryFn: ({ signal }) =>
      api.get('/api/members', {
        query: { ...filters, page, per_page: MEMBERS_PER_PAGE },
        schema: memberPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useMember = (id: number) =>
  useQuery({
    queryKey: memberKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/members/${id}`, { schema: memberAnswer, signal })).data,
  });

/** The organisation's prices on sale, for the price and offering pickers (a fixed few pages). */
export const useMemberPrices = (organisationId: number) =>
  useQuery({
    queryKey: memberKeys.prices(organisationId),
    queryFn: async ({ signal }) => {
      const prices: Price[] = [];
      for (let page = 1; page <= 10; page++) {
        const answer = await api.get(`/api/organisations/${organisationId}/prices`, {
          query: { page, per_page: 100 },
          schema: pricePageAnswer,
          signal,
        });
        prices.push(...answer.data);
        if (page >= answer.meta.last_page) break;
      }
      return prices;
    },
    staleTime: 5 * 60_000,
    enabled: organisationId > 0,
  });

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Record<string, unknown> | MemberCreateInput) =>
      (await api.post('/api/members', body, { schema: memberAnswer })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

export function useUpdateMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Partial<Record<keyof MemberUpdateInput, unknown>>) =>
      (await api.put(`/api/members/${id}`, body, { schema: memberAnswer })).data,
    onSuccess: (member) => {
      queryClient.setQueryData(memberKeys.detail(id), member);
      return queryClient.invalidateQueries({ queryKey: memberKeys.all });
    },
  });
}

export function useDeleteMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (confirm: boolean) =>
      (
        await api.del(`/api/members/${id}`, {
          query: confirm ? { confirm: 'true' } : {},
          schema: memberAnswer,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

const pagedRecords = <
  S extends typeof memberPaymentPage | typeof memberVisitPage | typeof memberActivityPage,
>(
  id: number,
  kind: string,
  path: string,
  schema: S,
  page: number,
) =>
  useQuery({
    queryKey: memberKeys.records(id, kind, page),
    queryFn: ({ signal }) => api.get(path, { query: { page, per_page: RECORDS_PER_PAGE }, schema, signal }),
    placeholderData: keepPreviousData,
  });

export const useMemberPayments = (id: number, page: number) =>
  pagedRecords(id, 'payments', `/api/users/${id}/payments`, memberPaymentPage, page);
export const useMemberVisits = (id: number, page: number) =>
  pagedRecords(id, 'visits', `/api/users/${id}/visits`, memberVisitPage, page);
export const useMemberActivityLog = (id: number, page: number) =>
  pagedRecords(id, 'activity-log', `/api/members/${id}/activity-log`, memberActivityPage, page);

export const usePaymentTypes = (id: number) =>
  useQuery({
    queryKey: memberKeys.records(id, 'payment-types'),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/members/${id}/payment-types`, { schema: paymentTypesAnswer, signal })).data,
  });

export const useDoorAccess = (id: number) =>
  useQuery({
    queryKey: memberKeys.records(id, 'door-access'),
    queryFn: async ({ signal }) => {
      const [access, credentials] = await Promise.all([
        api.get(`/api/members/${id}/access-control`, { schema: memberAccessControlAnswer, signal }),
        api.get(`/api/members/${id}/access-control-credentials`, { schema: accessCredentialsAnswer, signal }),
      ]);
      return { access: access.data, credentials: credentials.data };
    },
  });

export function useRecreateKisiLogin(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post(`/api/users/${id}/recreate-kisi-login`, {}, { schema: recreatedLoginAnswer })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.records(id, 'door-access') }),
  });
}

export const useMemberCharts = (id: number, weeks: number) =>
  useQuery({
    queryKey: memberKeys.charts(id, weeks),
    queryFn: async ({ signal }) => {
      const query = { weeks };
      const [visits, periods, cost] = await Promise.all([
        api.get(`/api/members/${id}/weekly-visits`, { query, schema: weeklyVisitsAnswer, signal }),
        api.get(`/api/members/${id}/subscription-periods`, {
          query,
          schema: subscriptionPeriodsAnswer,
          signal,
        }),
        api.get(`/api/members/${id}/weekly-cost-per-visit`, {
          query,
          schema: weeklyCostPerVisitAnswer,
          signal,
        }),
      ]);
      return { visits: visits.data, periods: periods.data, cost: cost.data };
    },
  });

export interface ExportProgress {
  rows: number;
  /** The filtered list's size when the export began (the list's meta.total), if known. */
  total: number | null;
}

/**
 * POST /api/members/export, read as it streams so the page can show how many rows have arrived, then
 * handed to the browser's save dialog.
 */
async function exportMembers(
  filters: Filters,
  total: number | null,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
) {
  const response = await fetch('/api/members/export', {
    method: 'POST',
    headers: { Accept: 'text/csv', 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify(filters),
    credentials: 'include',
    signal,
  });
  if (!response.ok) throw await apiErrorFromResponse(response);
  const chunks: BlobPart[] = [];
  let lines = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      for (const byte of value) if (byte === 10) lines += 1;
      onProgress({ rows: Math.max(0, lines - 1), total });
    }
  }
  const blob = new Blob(chunks, { type: 'text/csv' });
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? 'members.csv';
  saveFile(blob, filename);
  return { rows: Math.max(0, lines - 1) };
}

export function useExportMembers() {
  return useMutation({
    mutationFn: (input: { filters: Filters; total: number | null; onProgress(p: ExportProgress): void }) =>
      exportMembers(input.filters, input.total, input.onProgress),
  });
}
