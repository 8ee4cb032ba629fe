// The signed-in user (GET /api/me, spec section 3 "Current user"). Loaded once by the route guard into
// React Query's cache; screens read it from there. Refreshed only when something changes who or where the
// user is (sign-in, two-factor, switching organisation or gym).
import type { Me } from '@gym/domain/api/me';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onDemand } from '@/lib/on-demand';

// Checked on arrival against the schema the server answers with, so drift shows up as an
// 'invalid_response' error rather than as wrong screens. The guard asks from both sites' first screens,
// so the schema (and zod) loads with the first answer, not with the first script.
export type { Me } from '@gym/domain/api/me';

/** GET /api/me's answer schema, loaded when first needed. */
export const meAnswerSchema = onDemand(() => import('@gym/domain/api/me').then((m) => m.meAnswer));
/** POST /api/login's (and /api/register's) answer schema, loaded when first needed. */
export const loginAnswerSchema = onDemand(() => import('@gym/domain/api/me').then((m) => m.loginAnswer));

export const ME_QUERY_KEY = ['me'] as const;

/** The guard handles 401 and two-factor answers itself, so the app-wide handler stays out of it. */
async function getMe(signal?: AbortSignal): Promise<Me> {
  const answer = await api.get('/api/me', { schema: meAnswerSchema, signal, skipErrorHandler: true });
  return answer.data;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useMe = () => useQuery(meQueryOptions());

/** The signed-in user, inside screens the guard has let through (it loads the user before they render). */
export function useCurrentUser(): Me {
  return useSuspenseQuery(meQueryOptions()).data;
}
