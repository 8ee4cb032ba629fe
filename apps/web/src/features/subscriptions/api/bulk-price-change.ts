// The bulk price change's calls: the preview of a page of the set (and the notice), starting the job, and
// its progress, polled every second while it runs.
import { bulkJobAnswer, bulkPreviewAnswer } from '@gym/domain/api/subscriptions';
import type { BulkPreviewBody, BulkPriceChangeBody } from '@gym/domain/api/subscriptions-requests';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from './subscription-answers';

export type BulkInput = Omit<BulkPriceChangeBody, 'include_term_members'> & { include_term_members: boolean };

export const useBulkPreview = (body: (BulkInput & Pick<BulkPreviewBody, 'page' | 'per_page'>) | null) =>
  useQuery({
    queryKey: subscriptionKeys.bulkPreview(body ?? {}),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: ({ signal }) =>
      api.post('/api/subscriptions/bulk-price-change/preview', body, { schema: bulkPreviewAnswer, signal }),
  });

export const useStartBulk = () =>
  useMutation({
    mutationFn: async (body: BulkInput) =>
      (await api.post('/api/subscriptions/bulk-price-change', body, { schema: bulkJobAnswer })).data,
  });

const POLL_MS = 1000;

export const useBulkJob = (id: number | null) =>
  useQuery({
    queryKey: subscriptionKeys.bulkJob(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      (await api.get(`/api/subscriptions/bulk-price-change/${id}`, { schema: bulkJobAnswer, signal })).data,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : POLL_MS;
    },
  });
