// POST /api/organisations/{id}/switch: makes another of the user's organisations the current one
// (the session remembers it). Every cached answer belonged to the old one, so all are refreshed.
import type { SwitchAnswer } from '@gym/domain/api/me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { SwitchAnswer };

const switchOrganisation = (organisationId: number) =>
  api.post<SwitchAnswer>(`/api/organisations/${organisationId}/switch`);

export function useSwitchOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchOrganisation,
    meta: { errorTitle: 'Could not switch organisation' },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
