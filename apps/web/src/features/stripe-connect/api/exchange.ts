// POST /api/stripe/exchange: after Stripe sends the person back, what the gym's account can do now.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { connectionAnswer, stripeKeys } from './stripe-answers';

export interface ExchangeInput {
  gym_id: number;
  state: string;
}

const exchangeStripe = async (input: ExchangeInput) =>
  (await api.post('/api/stripe/exchange', input, { schema: connectionAnswer })).data;

/** The callback screen shows the outcome itself, so no toast. */
export function useExchangeStripe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exchangeStripe,
    meta: { notifyOnError: false },
    onSuccess: (connection) => {
      queryClient.setQueryData(stripeKeys.connection(connection.gym_id), connection);
    },
  });
}
