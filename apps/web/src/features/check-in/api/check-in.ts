// The front desk's calls: GET /api/check-in/members (as the desk types), GET /api/check-in/members/{id}
// (one member, again after a payment) and POST /api/check-in (a visit), checked on arrival with the
// schemas the server answers with (@gym/domain/api/check-in).
import {
  type CheckInMember,
  type CheckInOutcome,
  checkInAnswer,
  checkInMemberAnswer,
  checkInMembersAnswer,
} from '@gym/domain/api/check-in';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { CheckInMember, CheckInOutcome };

const checkInKeys = {
  all: ['check-in'] as const,
  lookup: (query: string) => ['check-in', 'lookup', query] as const,
  member: (id: number) => ['check-in', 'member', id] as const,
};

const lookUpMembers = async (query: string, signal?: AbortSignal) =>
  (await api.get('/api/check-in/members', { query: { query }, schema: checkInMembersAnswer, signal })).data;

export const lookupQueryOptions = (query: string) =>
  queryOptions({
    queryKey: checkInKeys.lookup(query),
    queryFn: ({ signal }) => lookUpMembers(query, signal),
    staleTime: 5_000,
  });

export const useCheckInLookup = (query: string) =>
  useQuery({
    ...lookupQueryOptions(query),
    enabled: query !== '',
    placeholderData: keepPreviousData,
  });

export const useDeskMember = (id: number | null) =>
  useQuery({
    queryKey: checkInKeys.member(id ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/check-in/members/${id}`, { schema: checkInMemberAnswer, signal })).data,
    enabled: id !== null,
  });

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { user_id: number; idempotency_key: string }) =>
      (await api.post('/api/check-in', input, { schema: checkInAnswer })).data,
    onSuccess: (answer) => {
      queryClient.setQueryData(checkInKeys.member(answer.member.id), answer.member);
      // The visits list and the dashboard count this visit too.
      void queryClient.invalidateQueries({ queryKey: ['visits'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      void queryClient.invalidateQueries({ queryKey: ['members'] });
    },
  });
}
