// GET /api/gyms as choices: the gyms of the current organisation this user works at (all of them for
// organisation admins), for gym pickers and filters in any feature. One query and one key: the key sits
// under ['gyms'], so a gym's change (which refreshes everything under ['gyms']) refreshes the choices too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api-client';
import { useCurrentUser } from './session/me';

const gymChoices = z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) });

export type GymOption = z.infer<typeof gymChoices>['data'][number];

export const gymOptionsKey = (organisationId: number | null) => ['gyms', 'options', organisationId] as const;

const listGymOptions = async (signal?: AbortSignal): Promise<GymOption[]> =>
  (await api.get('/api/gyms', { query: { per_page: 100 }, schema: gymChoices, signal })).data;

const gymOptionsQuery = (organisationId: number | null) =>
  queryOptions({
    queryKey: gymOptionsKey(organisationId),
    queryFn: ({ signal }) => listGymOptions(signal),
    staleTime: 5 * 60_000,
  });

/** The query itself, for screens that show its loading and failure. */
export function useGymOptionsQuery() {
  const organisationId = useCurrentUser().current_organisation?.id ?? null;
  return useQuery(gymOptionsQuery(organisationId));
}

/** The gyms to choose from: the organisation's list when it loads, the user's own gyms meanwhile or else. */
export function useGymOptions(): GymOption[] {
  const user = useCurrentUser();
  const gyms = useQuery({ ...gymOptionsQuery(user.current_organisation?.id ?? null), retry: false });
  return gyms.data ?? user.gyms.map((gym) => ({ id: gym.id, name: gym.name }));
}
