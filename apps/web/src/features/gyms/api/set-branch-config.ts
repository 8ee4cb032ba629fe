// PUT /api/gyms/{id}/branch-config: the Branch deep-link app id, key and (write-only) secret.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { BranchConfigInput } from '../lib/integration-forms';
import { gymAnswer } from './gym-answers';
import { useGymSaved } from './use-gym-saved';

export const setBranchConfig = async ({ id, input }: { id: number; input: BranchConfigInput }) =>
  (await api.put(`/api/gyms/${id}/branch-config`, input, { schema: gymAnswer })).data;

export function useSetBranchConfig() {
  const saved = useGymSaved();
  return useMutation({
    mutationFn: setBranchConfig,
    meta: { errorTitle: 'Could not save the Branch configuration' },
    onSuccess: (gym) => saved(gym),
  });
}
