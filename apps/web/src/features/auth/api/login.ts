// POST /api/login: email and password. Either the user comes back, or a code is due first (two-factor).

import { loginBody } from '@gym/domain/api/auth-requests';
import { loginAnswer } from '@gym/domain/api/me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { writeGuestFlag } from '@/lib/session/guest-flag';
import { ME_QUERY_KEY } from '@/lib/session/me';

/** The form's fields of the shared body (the page always keeps the session). */
export const loginInputSchema = loginBody.pick({ email: true, password: true });

type LoginInput = z.infer<typeof loginInputSchema>;

export const login = (input: LoginInput) => api.post('/api/login', input, { schema: loginAnswer });

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
