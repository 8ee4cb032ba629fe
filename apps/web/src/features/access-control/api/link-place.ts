// POST /api/gyms/{id}/access-control/places: link a Kisi place to the gym (its doors come with it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accessKeys, linkedPlaceAnswer } from './access-answers';

interface LinkPlaceInput {
  organisationId: number;
  gymId: number;
  placeId: string;
}

const linkPlace = async ({ gymId, placeId }: LinkPlaceInput) =>
  (
    await api.post(
      `/api/gyms/${gymId}/access-control/places`,
      { place_id: placeId },
      { schema: linkedPlaceAnswer },
    )
  ).data;

export function useLinkPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkPlace,
    meta: { errorTitle: 'Could not link the place' },
    onSuccess: (_linked, { organisationId }) =>
      queryClient.invalidateQueries({ queryKey: accessKeys.organisation(organisationId) }),
  });
}
