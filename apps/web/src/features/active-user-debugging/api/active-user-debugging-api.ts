// GET /api/active-user-debugging (organisation admins): who counts as active on a day, and why.
import { type ActiveUserDebuggingAnswer, activeUserDebuggingAnswer } from '@gym/domain/api/dashboard';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { ActiveUserDebuggingAnswer } from '@gym/domain/api/dashboard';

export interface ActiveUserQuery {
  date: string | null;
  gymId: number | null;
  only: 'active' | 'inactive' | null;
  page: number;
}

export const useActiveUserDebugging = (organisationId: number, q: ActiveUserQuery) =>
  useQuery<ActiveUserDebuggingAnswer>({
    queryKey: ['active-user-debugging', organisationId, q],
    queryFn: ({ signal }) =>
      api.get('/api/active-user-debugging', {
        query: {
          date: q.date ?? undefined,
          gym_id: q.gymId ?? undefined,
          only: q.only ?? undefined,
          page: q.page,
          per_page: 50,
        },
        schema: activeUserDebuggingAnswer,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
