// GET /api/visits (the list with its counts) and POST /api/visits/export (CSV), checked on arrival with
// the schemas the server answers with (@gym/domain/api/visits).
import { type VisitsAnswer, visitsAnswer } from '@gym/domain/api/visits';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/download-file';
import type { apiFilters } from '../lib/visit-filters';

export type { VisitRow, VisitsAnswer } from '@gym/domain/api/visits';

const VISITS_PER_PAGE = 25;
type Filters = ReturnType<typeof apiFilters>;

const visitKeys = {
  all: ['visits'] as const,
  list: (organisationId: number, filters: object) => ['visits', 'list', organisationId, filters] as const,
};

export const useVisits = (organisationId: number, filters: Filters, page: number) =>
  useQuery<VisitsAnswer>({
    queryKey: visitKeys.list(organisationId, { ...filters, page }),
    queryFn: ({ signal }) =>
      api.get('/api/visits', {
        query: { ...filters, page, per_page: VISITS_PER_PAGE },
        schema: visitsAnswer,
        signal,
      }),
    placeholderData: keepPreviousData,
    // New unlocks arrive by webhook: the list looks again every half minute while it is open.
    refetchInterval: 30_000,
  });

export function useExportVisits() {
  return useMutation({
    mutationFn: async (filters: Filters) => {
      const file = await api.download('/api/visits/export', {
        method: 'POST',
        body: filters,
        timeoutMs: 120_000,
      });
      saveFile(file.blob, file.filename ?? 'visits.csv');
    },
  });
}
