// The member's own account calls (GET/POST /api/me/…, issue 24), typed by the answer schemas the server
// sends. Queries share the `account` key prefix; any change refreshes all of them and GET /api/me.
import {
  accountAnswer,
  accountDetailsAnswer,
  accountPaymentsPage,
  paymentMethodsAnswer,
  payNowAnswer,
  receiptAnswer,
} from '@gym/domain/api/account';
import type { AccountDetailsBody } from '@gym/domain/api/account-requests';
import { messageAnswer } from '@gym/domain/api/me';
import { akahuAuthUrlAnswer, cardSetupAnswer } from '@gym/domain/api/registration';
import { cancelAnswer, pauseAnswer, subscriptionActionsAnswer } from '@gym/domain/api/subscriptions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/download-file';
import { ME_QUERY_KEY } from '@/lib/session/me';

const accountKeys = {
  all: ['account'] as const,
  home: () => ['account', 'home'] as const,
  payments: (page: number) => ['account', 'payments', page] as const,
  receipt: (id: number) => ['account', 'receipt', id] as const,
  methods: () => ['account', 'methods'] as const,
  details: () => ['account', 'details'] as const,
};

const accountQuery = () =>
  queryOptions({
    queryKey: accountKeys.home(),
    queryFn: async ({ signal }) => (await api.get('/api/me/account', { schema: accountAnswer, signal })).data,
  });
export const useAccount = () => useQuery(accountQuery());

export const usePayments = (page: number) =>
  useQuery({
    queryKey: accountKeys.payments(page),
    queryFn: ({ signal }) =>
      api.get('/api/me/payments', { query: { page, per_page: 20 }, schema: accountPaymentsPage, signal }),
  });

export const useReceipt = (id: number) =>
  useQuery({
    queryKey: accountKeys.receipt(id),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/me/payments/${id}/receipt`, { schema: receiptAnswer, signal })).data,
  });

export const usePaymentMethods = () =>
  useQuery({
    queryKey: accountKeys.methods(),
    queryFn: async ({ signal }) =>
      (await api.get('/api/me/payment-methods', { schema: paymentMethodsAnswer, signal })).data,
  });

export const useDetails = () =>
  useQuery({
    queryKey: accountKeys.details(),
    queryFn: async ({ signal }) =>
      (await api.get('/api/me/details', { schema: accountDetailsAnswer, signal })).data,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  };
}

/** A mutation of the account: its own error handling on the screen, everything refreshed after. */
function useAccountMutation<I, O>(fn: (input: I) => Promise<O>) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: fn, meta: { notifyOnError: false }, onSuccess: refresh });
}

const quiet = { skipErrorHandler: true } as const;

export const usePayNow = () =>
  useAccountMutation(
    async () => (await api.post('/api/me/pay-now', undefined, { schema: payNowAnswer, ...quiet })).data,
  );

export const useMakeDefault = () =>
  useAccountMutation(
    async (id: number) =>
      (
        await api.post(`/api/me/payment-methods/${id}/default`, undefined, {
          schema: paymentMethodsAnswer,
          ...quiet,
        })
      ).data,
  );

export const usePause = () =>
  useAccountMutation(
    async (body: { start_date: string; end_date: string; dry_run: boolean }) =>
      (await api.post('/api/me/pause', body, { schema: pauseAnswer, ...quiet })).data,
  );

export const useRemovePause = () =>
  useAccountMutation(
    async (id: number) =>
      (await api.del(`/api/me/pauses/${id}`, { schema: subscriptionActionsAnswer, ...quiet })).data,
  );

export const useCancel = () =>
  useAccountMutation(
    async (body: {
      cancellation_reasons: string[];
      cancellation_comments: string | null;
      dry_run: boolean;
    }) => (await api.post('/api/me/cancel', body, { schema: cancelAnswer, ...quiet })).data,
  );

export const useUndoCancellation = () =>
  useAccountMutation(
    async () =>
      (
        await api.post('/api/me/undo-cancellation', undefined, {
          schema: subscriptionActionsAnswer,
          ...quiet,
        })
      ).data,
  );

export const useUpdateDetails = () =>
  useAccountMutation(
    async (body: Partial<Record<keyof AccountDetailsBody, unknown>>) =>
      (await api.put('/api/me/details', body, { schema: accountDetailsAnswer, ...quiet })).data,
  );

export const useStartEmailChange = () =>
  useAccountMutation(async (email: string) =>
    api.post('/api/me/email-change', { email }, { schema: messageAnswer, ...quiet }),
  );

export const useConfirmEmailChange = () =>
  useAccountMutation(
    async (code: string) =>
      (await api.post('/api/me/email-change/confirm', { code }, { schema: accountDetailsAnswer, ...quiet }))
        .data,
  );

export const useChangePassword = () =>
  useAccountMutation(
    async (body: { current_password: string; password: string; password_confirmation: string }) =>
      api.post('/api/me/password', body, { schema: messageAnswer, ...quiet }),
  );

export async function downloadMyData() {
  const file = await api.download('/api/me/data-export');
  saveFile(file.blob, file.filename ?? 'my-gym-data.json');
}

/** Where to add a card: the card service's page (it comes back to the join site's /card-connected). */
export const cardSetupUrl = async () =>
  (await api.post('/api/me/card-setup', undefined, { schema: cardSetupAnswer })).data.url;

/** Where to connect a bank account: Akahu's consent page (it comes back to /bank-account-connected). */
export const akahuAuthUrl = async () =>
  (await api.get('/api/akahu/auth-url', { schema: akahuAuthUrlAnswer })).data.url;
