// PUT /api/gyms/{id}/tracks-visits: whether door unlocks at this gym count as visits.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { gymAnswer } from './gym-answers';
import { useGymSaved } from './use-gym-saved';

const setTracksVisits = async ({ id, tracksVisits }: { id: number; tracksVisits: boolean }) =>
  (await api.put(`/api/gyms/${id}/tracks-visits`, { tracks_visits: tracksVisits }, { schema: gymAnswer }))
    .data;

export function useSetTracksVisits() {
  const saved = useGymSaved();
  return useMutation({
    mutationFn: setTracksVisits,
    meta: { errorTitle: 'Could not change visit tracking' },
    onSuccess: (gym) => saved(gym),
  });
}
