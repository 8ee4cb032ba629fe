// GET /api/gyms: the organisation's gyms, to give an invited person a role at some of them.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { staffKeys } from './staff-answers';

const gymPage = z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) });

export type GymOption = z.infer<typeof gymPage>['data'][number];

export const listGyms = async (signal?: AbortSignal): Promise<GymOption[]> =>
  (await api.get('/api/gyms', { query: { per_page: 100 }, schema: gymPage, signal })).data;

export const useGyms = (organisationId: number) =>
  useQuery({
    queryKey: staffKeys.gyms(organisationId),
    queryFn: ({ signal }) => listGyms(signal),
    staleTime: 5 * 60_000,
  });
