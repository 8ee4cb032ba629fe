// The calls of the actions on one subscription: where it stands, and each action with its preview
// (dry_run) and the change itself. Each change refreshes the screens that show what it moved.

import type { Price } from '@gym/domain/api/prices';
import { pricePageAnswer } from '@gym/domain/api/prices';
import {
  balanceAnswer,
  cancelAnswer,
  emailPreviewAnswer,
  manualPaymentAnswer,
  pauseAnswer,
  priceChangeHistoryPage,
  schedulePriceChangeAnswer,
  startEarlyAnswer,
  startEarlySchema,
  subscriptionActionsAnswer,
} from '@gym/domain/api/subscriptions';
import type {
  CancelBody,
  ManualPaymentBody,
  PauseBody,
  SchedulePriceChangeBody,
} from '@gym/domain/api/subscriptions-requests';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { REFRESHED_AFTER_CHANGE, subscriptionKeys } from './subscription-answers';

const base = (id: number) => `/api/subscriptions/${id}`;

export const useSubscriptionActions = (id: number) =>
  useQuery({
    queryKey: subscriptionKeys.actions(id),
    queryFn: async ({ signal }) =>
      (await api.get(`${base(id)}/actions`, { schema: subscriptionActionsAnswer, signal })).data,
  });

export const useStartEarlyData = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: subscriptionKeys.startEarly(id),
    queryFn: async ({ signal }) =>
      (
        await api.get(`${base(id)}/start-early-data`, {
          schema: z.object({ data: startEarlySchema }),
          signal,
        })
      ).data,
    enabled,
  });

export const useBalance = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: subscriptionKeys.balance(id),
    queryFn: async ({ signal }) =>
      (await api.get(`${base(id)}/balance`, { schema: balanceAnswer, signal })).data,
    enabled,
  });

export const usePriceChangeHistory = (userId: number, page: number) =>
  useQuery({
    queryKey: subscriptionKeys.history(userId, page),
    queryFn: ({ signal }) =>
      api.get(`/api/users/${userId}/price-change-history`, {
        query: { page, per_page: 10 },
        schema: priceChangeHistoryPage,
        signal,
      }),
  });

/** The organisation's prices on sale, for the new-price pickers (ten pages at most). */
export const useOrganisationPrices = (organisationId: number | null) =>
  useQuery({
    queryKey: subscriptionKeys.prices(organisationId ?? 0),
    enabled: organisationId !== null,
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
    staleTime: 60_000,
  });

/** A change's mutation: refreshes what it moved when it lands. */
function useChange<I, O>(call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    // The dialog closes at once; the screens behind it refresh as their answers come.
    onSuccess: () => {
      for (const queryKey of REFRESHED_AFTER_CHANGE) void client.invalidateQueries({ queryKey });
    },
  });
}

type WithPreview<B> = Omit<B, 'dry_run'> & { dry_run: boolean };

export const pauseSubscription = async (id: number, body: WithPreview<PauseBody>) =>
  (await api.post(`${base(id)}/pause`, body, { schema: pauseAnswer })).data;
export const usePause = (id: number) =>
  useChange((body: Omit<PauseBody, 'dry_run'>) => pauseSubscription(id, { ...body, dry_run: false }));

export const useRemovePause = (id: number) =>
  useChange(
    async (pauseId: number) =>
      (await api.del(`${base(id)}/pauses/${pauseId}`, { schema: subscriptionActionsAnswer })).data,
  );

export const cancelSubscription = async (id: number, body: WithPreview<CancelBody>) =>
  (await api.post(`${base(id)}/cancel`, body, { schema: cancelAnswer })).data;
export const useCancel = (id: number) =>
  useChange((body: Omit<CancelBody, 'dry_run'>) => cancelSubscription(id, { ...body, dry_run: false }));

export const useUndoCancellation = (id: number) =>
  useChange(
    async () =>
      (await api.post(`${base(id)}/undo-cancellation`, undefined, { schema: subscriptionActionsAnswer }))
        .data,
  );

export const priceChangeEmailPreview = async (body: SchedulePriceChangeBody) =>
  (await api.post('/api/subscriptions/change-price-email-preview', body, { schema: emailPreviewAnswer }))
    .data;
export const useSchedulePriceChange = () =>
  useChange(
    async (body: SchedulePriceChangeBody) =>
      (
        await api.post('/api/subscriptions/schedule-price-change', body, {
          schema: schedulePriceChangeAnswer,
        })
      ).data,
  );

export const useStartEarly = (id: number) =>
  useChange(
    async () =>
      (await api.post(`${base(id)}/start-early`, { dry_run: false }, { schema: startEarlyAnswer })).data,
  );

export const useManualPayment = (id: number) =>
  useChange(
    async (body: ManualPaymentBody) =>
      (await api.post(`${base(id)}/manual-payment`, body, { schema: manualPaymentAnswer })).data,
  );
