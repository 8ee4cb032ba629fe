// GET /api/gyms: the gyms of the organisation this user works at (all of them for organisation admins),
// for the gym picker and the list's gym filter. Falls back to the signed-in user's gyms (GET /api/me).
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session/me';

const gymPage = z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) });

export interface GymOption {
  id: number;
  name: string;
}

export const listGyms = async (signal?: AbortSignal): Promise<GymOption[]> =>
  (await api.get('/api/gyms', { query: { per_page: 100 }, schema: gymPage, signal })).data;

/** The gyms to choose from: the organisation's list when it loads, the user's own gyms meanwhile or else. */
export function useGymOptions(): GymOption[] {
  const user = useCurrentUser();
  const organisationId = user.current_organisation?.id ?? null;
  const gyms = useQuery({
    queryKey: ['offerings', 'gyms', organisationId],
    queryFn: ({ signal }) => listGyms(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return gyms.data ?? user.gyms.map((gym) => ({ id: gym.id, name: gym.name }));
}
