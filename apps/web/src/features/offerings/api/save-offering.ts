// POST /api/offerings (create, with prices) and PUT /api/offerings/{id} (change; the server ignores prices,
// which change through their own calls). The payload is @gym/domain's offering input.
import type { OfferingInput } from '@gym/domain';
import { offeringAnswer } from '@gym/domain/api/offerings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { offeringKeys } from './offering-answers';

export const createOffering = async (input: OfferingInput) =>
  (await api.post('/api/offerings', input, { schema: offeringAnswer })).data;

const updateOffering = async ({ id, input }: { id: number; input: OfferingInput }) =>
  (await api.put(`/api/offerings/${id}`, input, { schema: offeringAnswer })).data;

/** Create when there is no id yet, otherwise change. Field errors (422) are shown by the form. */
export function useSaveOffering(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OfferingInput) =>
      id === null ? createOffering(input) : updateOffering({ id, input }),
    meta: { errorTitle: 'Could not save the offering' },
    onSuccess: (offering) => {
      queryClient.setQueryData(offeringKeys.detail(offering.id), offering);
      void queryClient.invalidateQueries({ queryKey: offeringKeys.all });
    },
  });
}
