// PUT /api/gyms/{id}/akahu-config: the Akahu app token and (write-only) app secret.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AkahuConfigInput } from '../lib/integration-forms';
import { gymAnswer } from './gym-answers';
import { useGymSaved } from './use-gym-saved';

export const setAkahuConfig = async ({ id, input }: { id: number; input: AkahuConfigInput }) =>
  (await api.put(`/api/gyms/${id}/akahu-config`, input, { schema: gymAnswer })).data;

export function useSetAkahuConfig() {
  const saved = useGymSaved();
  return useMutation({
    mutationFn: setAkahuConfig,
    meta: { errorTitle: 'Could not save the Akahu configuration' },
    onSuccess: (gym) => saved(gym),
  });
}
