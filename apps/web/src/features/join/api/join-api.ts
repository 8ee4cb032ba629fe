// The join site's calls (spec section 7), typed by the answer schemas the server sends
// (@gym/domain/api/registration). Queries share the `join` key prefix; anything that changes the member
// refreshes GET /api/me too, since the guard sends members on by it.

import type * as Registration from '@gym/domain/api/registration';
import type { RegisterInput } from '@gym/domain/api/registration-requests';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onDemand } from '@/lib/on-demand';
import { writeGuestFlag } from '@/lib/session/guest-flag';
import { loginAnswerSchema, ME_QUERY_KEY, meAnswerSchema } from '@/lib/session/me';

/**
 * The answers' schemas load with the first answer to check: the register screen is the site's first,
 * and its script need not carry zod and the schemas.
 */
const registration = onDemand(() => import('@gym/domain/api/registration'));
const answer =
  <K extends keyof typeof Registration>(name: K) =>
  () =>
    registration().then((schemas) => schemas[name]);

/** The join forms' request bodies (the server's own checks), loaded once someone starts filling one in. */
export const registerBodySchema = onDemand(() =>
  import('@gym/domain/api/registration-requests').then((m) => m.registerBody),
);
export const loginBodySchema = onDemand(() =>
  import('@gym/domain/api/auth-requests').then((m) => m.loginBody),
);

const joinKeys = {
  all: ['join'] as const,
  options: (query: Record<string, string | undefined>) => ['join', 'options', query] as const,
  subscription: () => ['join', 'subscription'] as const,
  surcharge: (type: string) => ['join', 'surcharge', type] as const,
};

export const registerOptionsQuery = (query: { gym?: string; price_link?: string; age_bypass?: string }) =>
  queryOptions({
    queryKey: joinKeys.options(query),
    queryFn: async ({ signal }) =>
      (await api.get('/api/register/options', { query, schema: answer('registerOptionsAnswer'), signal }))
        .data,
  });

export const isEmailUnique = async (email: string) =>
  (
    await api.post(
      '/api/unique-email',
      { email },
      { schema: answer('uniqueEmailAnswer'), skipErrorHandler: true },
    )
  ).data.unique;

function useRefreshMe() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: joinKeys.all });
    queryClient.removeQueries({ queryKey: ME_QUERY_KEY });
  };
}

export function useRegister() {
  const refresh = useRefreshMe();
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      api.post('/api/register', input, { schema: loginAnswerSchema, skipErrorHandler: true }),
    meta: { notifyOnError: false },
    onSuccess: async () => {
      writeGuestFlag('isNotGuest');
      await refresh();
    },
  });
}

export function useSignIn() {
  const refresh = useRefreshMe();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      api.post('/api/login', input, { schema: loginAnswerSchema, skipErrorHandler: true }),
    meta: { notifyOnError: false },
    onSuccess: async () => {
      writeGuestFlag('isNotGuest');
      await refresh();
    },
  });
}

export function useVerifyJoinCode() {
  const refresh = useRefreshMe();
  return useMutation({
    mutationFn: (code: string) => api.post('/api/email/verify', { code }, { skipErrorHandler: true }),
    meta: { notifyOnError: false },
    onSuccess: refresh,
  });
}

export const resendJoinCode = () => api.post('/api/email/resend', undefined, { skipErrorHandler: true });

export function useRedeemHandover() {
  const refresh = useRefreshMe();
  return useMutation({
    mutationFn: (token: string) => api.post('/api/handover/redeem', { token }, { skipErrorHandler: true }),
    meta: { notifyOnError: false },
    onSuccess: async () => {
      writeGuestFlag('isNotGuest');
      await refresh();
    },
  });
}

export function useUploadPhoto() {
  const refresh = useRefreshMe();
  return useMutation({
    mutationFn: (file: Blob) => {
      const form = new FormData();
      form.append('file', file, 'photo.jpg');
      return api.post('/api/profile-picture', form, { schema: meAnswerSchema });
    },
    meta: { notifyOnError: false },
    onSuccess: refresh,
  });
}

const subscriptionQuery = () =>
  queryOptions({
    queryKey: joinKeys.subscription(),
    queryFn: async ({ signal }) =>
      (await api.get('/api/me/active-subscription', { schema: answer('joinSubscriptionAnswer'), signal }))
        .data,
  });
export const useJoinSubscription = () => useQuery(subscriptionQuery());

export const useSurchargeTotal = (paymentType: 'bank_account' | 'stripe_card') =>
  useQuery({
    queryKey: joinKeys.surcharge(paymentType),
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/surcharge-total', {
          query: { payment_type: paymentType },
          schema: answer('surchargeTotalAnswer'),
          signal,
        })
      ).data,
  });

export const akahuAuthUrl = async () =>
  (await api.get('/api/akahu/auth-url', { schema: answer('akahuAuthUrlAnswer') })).data.url;

export const exchangeAkahuCode = async (code: string, state: string) =>
  (
    await api.post(
      '/api/akahu/exchange',
      { code, state },
      { schema: answer('akahuAccountsAnswer'), skipErrorHandler: true },
    )
  ).data;

export function useChooseAccount() {
  const refresh = useRefreshMe();
  return useMutation({
    mutationFn: async (accountId: string) =>
      (
        await api.post(
          '/api/akahu/sync-accounts',
          { account_id: accountId },
          { schema: answer('akahuAccountsAnswer') },
        )
      ).data,
    meta: { notifyOnError: false },
    onSuccess: refresh,
  });
}

export const cardSetupUrl = async () =>
  (await api.post('/api/me/card-setup', undefined, { schema: answer('cardSetupAnswer') })).data.url;

export const completeCardSetup = async (sessionId: string) =>
  (
    await api.post(
      '/api/me/card-setup/complete',
      { session_id: sessionId },
      { schema: answer('paymentTypeAnswer'), skipErrorHandler: true },
    )
  ).data;

export function useSwitchPaymentType() {
  const refresh = useRefreshMe();
  return useMutation({
    mutationFn: (id: number) =>
      api.post(`/api/me/payment-types/${id}/switch`, undefined, { schema: answer('paymentTypeAnswer') }),
    onSuccess: refresh,
  });
}

export function useConfirmSubscription() {
  const refresh = useRefreshMe();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      api.post(
        '/api/subscriptions',
        { idempotency_key: idempotencyKey },
        { schema: answer('joinSubscriptionAnswer'), skipErrorHandler: true },
      ),
    meta: { notifyOnError: false },
    onSettled: refresh,
  });
}
