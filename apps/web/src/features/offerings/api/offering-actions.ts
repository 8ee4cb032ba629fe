// DELETE /api/offerings/{id}/archive (take it and its prices off sale) and DELETE /api/offerings/{id}
// (only when it never had subscriptions: the server answers 409 with its reason otherwise).
import { offeringAnswer } from '@gym/domain/api/offerings';
import { messageAnswer } from '@gym/domain/api/prices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { offeringKeys } from './offering-answers';

const archiveOffering = async (id: number) =>
  (await api.del(`/api/offerings/${id}/archive`, { schema: offeringAnswer })).data;

const deleteOffering = (id: number) => api.del(`/api/offerings/${id}`, { schema: messageAnswer });

/** The confirmation modal shows a failure itself, so no toast. */
export function useArchiveOffering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveOffering,
    meta: { notifyOnError: false },
    onSuccess: (offering) => {
      queryClient.setQueryData(offeringKeys.detail(offering.id), offering);
      void queryClient.invalidateQueries({ queryKey: offeringKeys.all });
    },
  });
}

export function useDeleteOffering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOffering,
    meta: { notifyOnError: false },
    // Marked stale without refetching: the page of the deleted offering is still open until the
    // caller navigates away, and a refetch now would flash "not found" at the person.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offeringKeys.all, refetchType: 'none' }),
  });
}
