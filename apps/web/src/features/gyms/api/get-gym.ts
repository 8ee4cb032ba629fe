// GET /api/gyms/{id}: one gym with its settings (secrets only as whether they are set).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { gymAnswer, gymKeys } from './gym-answers';

const getGym = async (id: number, signal?: AbortSignal) =>
  (await api.get(`/api/gyms/${id}`, { schema: gymAnswer, signal })).data;

const gymQueryOptions = (id: number) =>
  queryOptions({ queryKey: gymKeys.detail(id), queryFn: ({ signal }) => getGym(id, signal) });

export const useGym = (id: number) => useQuery(gymQueryOptions(id));
