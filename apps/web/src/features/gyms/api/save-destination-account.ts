// The bank account the gym is paid into: POST /api/gyms/{id}/destination-accounts adds the first one,
// PUT …/destination-accounts/{accountId} renames it or changes its number (sent with its confirmation).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DestinationAccountPayload } from '../lib/destination-account-form';
import { type DestinationAccount, destinationAccountAnswer, type Gym, gymKeys } from './gym-answers';

interface SaveAccount {
  gymId: number;
  /** The account to change; null adds the gym's first one. */
  accountId: number | null;
  input: DestinationAccountPayload;
}

async function saveDestinationAccount({ gymId, accountId, input }: SaveAccount) {
  const path = `/api/gyms/${gymId}/destination-accounts`;
  const answer =
    accountId === null
      ? await api.post(path, input, { schema: destinationAccountAnswer })
      : await api.put(`${path}/${accountId}`, input, { schema: destinationAccountAnswer });
  return answer.data;
}

export function useSaveDestinationAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDestinationAccount,
    meta: { errorTitle: 'Could not save the destination account' },
    onSuccess: (account: DestinationAccount, { gymId }) => {
      queryClient.setQueryData<Gym>(gymKeys.detail(gymId), (gym) =>
        gym ? { ...gym, destination_account: account } : gym,
      );
      void queryClient.invalidateQueries({ queryKey: gymKeys.all, refetchType: 'none' });
    },
  });
}
