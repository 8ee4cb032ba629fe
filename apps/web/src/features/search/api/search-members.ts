// POST /api/search {query}: members of the current organisation by name or email (at most ten).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const searchResult = z.object({ id: z.number(), name: z.string(), email: z.string() });
const searchAnswer = z.object({ data: z.array(searchResult) });

export type SearchResult = z.infer<typeof searchResult>;

export const searchMembers = async (query: string, signal?: AbortSignal): Promise<SearchResult[]> =>
  (await api.post('/api/search', { query }, { schema: searchAnswer, signal })).data;

export const searchMembersQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['search', query],
    queryFn: ({ signal }) => searchMembers(query, signal),
    enabled: query.trim() !== '',
    staleTime: 10_000,
  });

export const useSearchMembers = (query: string) => useQuery(searchMembersQueryOptions(query));
