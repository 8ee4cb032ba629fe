// The signed-in user (GET /api/me, spec section 3 "Current user"). Loaded once by the route guard into
// React Query's cache; screens read it from there. Refreshed only when something changes who or where the
// user is (sign-in, two-factor, switching organisation or gym).
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

// Mirrors `meSchema` of apps/server/src/features/auth/me.presenter.ts; checked on arrival so drift
// shows up as an 'invalid_response' error rather than as wrong screens.
const role = z.enum(['admin', 'personal_trainer']).nullable();
const place = z.object({ id: z.number(), name: z.string(), role });
const organisation = place.extend({ multi_gym: z.boolean() });

export const meSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  is_staff: z.boolean(),
  two_factor_enabled: z.boolean(),
  current_organisation: organisation.nullable(),
  current_gym: place.nullable(),
  organisations: z.array(organisation),
  gyms: z.array(place),
  is_organisation_admin: z.boolean(),
  is_gym_admin: z.boolean(),
  profile_picture: z.string().nullable(),
  payment_types: z.array(z.object({ id: z.number(), type: z.string() })),
  start_date: z.string().nullable(),
  billing_date: z.string().nullable(),
  default_payment_type: z.number().nullable(),
  general_card_surcharge_text: z.string().nullable(),
});

export type Me = z.infer<typeof meSchema>;

const meAnswer = z.object({ data: meSchema });

export const ME_QUERY_KEY = ['me'] as const;

/** The guard handles 401 and two-factor answers itself, so the app-wide handler stays out of it. */
export async function getMe(signal?: AbortSignal): Promise<Me> {
  const answer = await api.get('/api/me', { schema: meAnswer, signal, skipErrorHandler: true });
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
