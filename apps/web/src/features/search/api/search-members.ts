// POST /api/search {query}: members of the current organisation by name or email (at most ten).
import { type SearchResult, searchAnswer } from '@gym/domain/api/search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { SearchResult };

/** Query keys of this feature. */
const searchKeys = {
  all: ['search'] as const,
  results: (query: string) => ['search', query] as const,
};

const searchMembers = async (query: string, signal?: AbortSignal): Promise<SearchResult[]> =>
  (await api.post('/api/search', { query }, { schema: searchAnswer, signal })).data;

const searchMembersQueryOptions = (query: string) =>
  queryOptions({
    queryKey: searchKeys.results(query),
    queryFn: ({ signal }) => searchMembers(query, signal),
    enabled: query.trim() !== '',
    staleTime: 10_000,
  });

export const useSearchMembers = (query: string) => useQuery(searchMembersQueryOptions(query));
