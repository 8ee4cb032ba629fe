// PUT /api/organisations/{id}/access-control/places/{place_id}/doors/{door_id}: whether a door counts visits.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accessKeys, doorAnswer } from './access-answers';

interface DoorSettingInput {
  organisationId: number;
  placeId: string;
  doorId: string;
  tracksVisits: boolean;
}

const setDoorTracksVisits = async ({ organisationId, placeId, doorId, tracksVisits }: DoorSettingInput) =>
  (
    await api.put(
      `/api/organisations/${organisationId}/access-control/places/${placeId}/doors/${doorId}`,
      { tracks_visits: tracksVisits },
      { schema: doorAnswer },
    )
  ).data;

export function useSetDoorTracksVisits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDoorTracksVisits,
    meta: { errorTitle: 'Could not change the door' },
    onSettled: (_door, _error, { organisationId, placeId }) =>
      queryClient.invalidateQueries({ queryKey: accessKeys.doors(organisationId, placeId) }),
  });
}
