// POST /api/login: email and password. Either the user comes back, or a code is due first (two-factor).

import type { loginBody } from '@gym/domain/api/auth-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { onDemand } from '@/lib/on-demand';
import { writeGuestFlag } from '@/lib/session/guest-flag';
import { loginAnswerSchema, ME_QUERY_KEY } from '@/lib/session/me';

/**
 * The form's fields of the shared body (the page always keeps the session). The sign-in screen is the
 * back office's first, so the schema (and zod) loads once someone starts filling the form in.
 */
export const loginInputSchema = onDemand(() =>
  import('@gym/domain/api/auth-requests').then((m) => m.loginBody.pick({ email: true, password: true })),
);

type LoginInput = Pick<z.infer<typeof loginBody>, 'email' | 'password'>;

export const login = (input: LoginInput) => api.post('/api/login', input, { schema: loginAnswerSchema });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // The form shows every failure beside its fields.
    meta: { notifyOnError: false },
    onSuccess: (result) => {
      // Whoever was cached before (another account in this tab) is gone.
      queryClient.removeQueries();
      if (result.data) {
        queryClient.setQueryData(ME_QUERY_KEY, result.data);
        writeGuestFlag('isNotGuest');
      }
    },
  });
}
