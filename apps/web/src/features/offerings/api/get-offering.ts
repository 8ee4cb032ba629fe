// GET /api/offerings/{id}: one offering with its prices (archived ones too), hours and gyms.
import { offeringAnswer } from '@gym/domain/api/offerings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { offeringKeys } from './offering-answers';

const getOffering = async (id: number, signal?: AbortSignal) =>
  (await api.get(`/api/offerings/${id}`, { schema: offeringAnswer, signal })).data;

const offeringQueryOptions = (id: number) =>
  queryOptions({ queryKey: offeringKeys.detail(id), queryFn: ({ signal }) => getOffering(id, signal) });

export const useOffering = (id: number) => useQuery(offeringQueryOptions(id));
