// GET /api/organisations/{id}: the current organisation's settings (organisation admins only).
import { organisationAnswer } from '@gym/domain/api/organisations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organisationKeys } from './organisation-answers';

const getOrganisation = async (id: number, signal?: AbortSignal) =>
  (await api.get(`/api/organisations/${id}`, { schema: organisationAnswer, signal })).data;

const organisationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: organisationKeys.detail(id),
    queryFn: ({ signal }) => getOrganisation(id, signal),
  });

export const useOrganisation = (id: number) => useQuery(organisationQueryOptions(id));
