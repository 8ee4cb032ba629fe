// POST /api/gyms/{id}/switch: makes another gym of the current organisation the current one.
import type { SwitchAnswer } from '@gym/domain/api/me';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const switchGym = (gymId: number) => api.post<SwitchAnswer>(`/api/gyms/${gymId}/switch`);

/** The screen reloads after a switch (spec section 4), so nothing cached needs refreshing here. */
export const useSwitchGym = () =>
  useMutation({ mutationFn: switchGym, meta: { errorTitle: 'Could not switch gym' } });
