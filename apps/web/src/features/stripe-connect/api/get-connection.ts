// GET /api/gyms/{id}/stripe: where the gym stands with Stripe (Stripe is asked, so this is the truth).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { connectionAnswer, stripeKeys } from './stripe-answers';

const getConnection = async (gymId: number, signal?: AbortSignal) =>
  (await api.get(`/api/gyms/${gymId}/stripe`, { schema: connectionAnswer, signal })).data;

const connectionQueryOptions = (gymId: number) =>
  queryOptions({
    queryKey: stripeKeys.connection(gymId),
    queryFn: ({ signal }) => getConnection(gymId, signal),
  });

export const useStripeConnection = (gymId: number, enabled = true) =>
  useQuery({ ...connectionQueryOptions(gymId), enabled });
