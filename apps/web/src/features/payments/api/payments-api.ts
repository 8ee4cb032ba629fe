// GET /api/payments (the list with its totals), GET /api/payments/{id} (one payment in full),
// POST /api/payments/{id}/retry (retry a failed charge now) and POST /api/payments/export (CSV).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/download-file';
import type { apiFilters } from '../lib/payment-filters';
import { paymentDetailAnswer, paymentKeys, paymentRetryAnswer, paymentsAnswer } from './payment-answers';

const PAYMENTS_PER_PAGE = 25;
type Filters = ReturnType<typeof apiFilters>;

export const usePayments = (organisationId: number, filters: Filters, page: number) =>
  useQuery({
    queryKey: paymentKeys.list(organisationId, { ...filters, page }),
    queryFn: ({ signal }) =>
      api.get('/api/payments', {
        query: { ...filters, page, per_page: PAYMENTS_PER_PAGE },
        schema: paymentsAnswer,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const usePayment = (organisationId: number, id: number | null) =>
  useQuery({
    queryKey: paymentKeys.detail(organisationId, id ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/payments/${id}`, { schema: paymentDetailAnswer, signal })).data,
    enabled: id !== null,
  });

export function useRetryPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.post(`/api/payments/${id}/retry`, {}, { schema: paymentRetryAnswer })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

export function useExportPayments() {
  return useMutation({
    mutationFn: async (filters: Filters) => {
      const file = await api.download('/api/payments/export', {
        method: 'POST',
        body: filters,
        timeoutMs: 120_000,
      });
      saveFile(file.blob, file.filename ?? 'payments.csv');
    },
  });
}
