// GET /api/offerings: the organisation's offerings a page at a time, filtered by type, gym and archived.
import type { OfferingType } from '@gym/domain';
import { offeringPageAnswer } from '@gym/domain/api/offerings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { offeringKeys } from './offering-answers';

const OFFERINGS_PER_PAGE = 25;

export interface OfferingFilters {
  page: number;
  type: OfferingType | null;
  gymId: number | null;
  archived: boolean;
}

const listOfferings = (filters: OfferingFilters, signal?: AbortSignal) =>
  api.get('/api/offerings', {
    query: {
      page: filters.page,
      per_page: OFFERINGS_PER_PAGE,
      type: filters.type,
      gym_id: filters.gymId,
      archived: filters.archived,
    },
    schema: offeringPageAnswer,
    signal,
  });

const offeringsQueryOptions = (filters: OfferingFilters) =>
  queryOptions({
    queryKey: offeringKeys.list(filters),
    queryFn: ({ signal }) => listOfferings(filters, signal),
    // The table keeps the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useOfferings = (filters: OfferingFilters) => useQuery(offeringsQueryOptions(filters));
