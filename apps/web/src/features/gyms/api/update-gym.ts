// PUT /api/gyms/{id}: the gym's name, price-change reply-to address and break fee.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { GymDetailsInput } from '../lib/gym-details-form';
import { gymAnswer } from './gym-answers';
import { useGymSaved } from './use-gym-saved';

const updateGym = async ({ id, input }: { id: number; input: GymDetailsInput }) =>
  (await api.put(`/api/gyms/${id}`, input, { schema: gymAnswer })).data;

export function useUpdateGym() {
  const saved = useGymSaved();
  return useMutation({
    mutationFn: updateGym,
    meta: { errorTitle: 'Could not save the gym details' },
    onSuccess: (gym) => saved(gym, { nameMayHaveChanged: true }),
  });
}
