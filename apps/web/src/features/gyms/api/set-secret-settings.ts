// PUT /api/gyms/{id}/branch-config or /akahu-config: an integration's fields and (write-only) secret.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SecretSettings } from '../lib/integration-forms';
import { gymAnswer } from './gym-answers';
import { useGymSaved } from './use-gym-saved';

export function useSetSecretSettings(settings: SecretSettings) {
  const saved = useGymSaved();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: unknown }) =>
      (await api.put(`/api/gyms/${id}/${settings.path}`, input, { schema: gymAnswer })).data,
    meta: { errorTitle: settings.errorTitle },
    onSuccess: (gym) => saved(gym),
  });
}
