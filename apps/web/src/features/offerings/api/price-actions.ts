// The calls on one price of an offering: add (POST /api/offerings/{id}/prices), change (PUT /api/prices/{id}),
// archive (DELETE …/archive), restore (POST …/restore), delete (DELETE; 409 while it has subscriptions) and
// private links (POST …/private-links). Each refreshes the offering it belongs to.
import type { PriceInput } from '@gym/domain';
import { messageAnswer, priceAnswer, privateLinkAnswer } from '@gym/domain/api/prices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { offeringKeys } from './offering-answers';

const createPrice = async ({ offeringId, input }: { offeringId: number; input: PriceInput }) =>
  (await api.post(`/api/offerings/${offeringId}/prices`, input, { schema: priceAnswer })).data;

const updatePrice = async ({ priceId, input }: { priceId: number; input: PriceInput }) =>
  (await api.put(`/api/prices/${priceId}`, input, { schema: priceAnswer })).data;

const archivePrice = async (priceId: number) =>
  (await api.del(`/api/prices/${priceId}/archive`, { schema: priceAnswer })).data;

const restorePrice = async (priceId: number) =>
  (await api.post(`/api/prices/${priceId}/restore`, undefined, { schema: priceAnswer })).data;

const deletePrice = (priceId: number) => api.del(`/api/prices/${priceId}`, { schema: messageAnswer });

const createPrivateLink = async ({ priceId, ageBypass }: { priceId: number; ageBypass: boolean }) =>
  (
    await api.post(
      `/api/prices/${priceId}/private-links`,
      { age_bypass: ageBypass },
      { schema: privateLinkAnswer },
    )
  ).data;

/**
 * One mutation hook per call, all refreshing the offering afterwards. The modals that start them show
 * failures themselves (the server's message, e.g. the 409 of a price with subscriptions), so no toast.
 */
function usePriceMutation<V, R>(offeringId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { notifyOnError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offeringKeys.detail(offeringId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: offeringKeys.all, refetchType: 'none' }),
  });
}

export const useCreatePrice = (offeringId: number) => usePriceMutation(offeringId, createPrice);
export const useUpdatePrice = (offeringId: number) => usePriceMutation(offeringId, updatePrice);
export const useArchivePrice = (offeringId: number) => usePriceMutation(offeringId, archivePrice);
export const useRestorePrice = (offeringId: number) => usePriceMutation(offeringId, restorePrice);
export const useDeletePrice = (offeringId: number) => usePriceMutation(offeringId, deletePrice);
export const useCreatePrivateLink = (offeringId: number) => usePriceMutation(offeringId, createPrivateLink);
