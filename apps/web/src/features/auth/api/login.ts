// POST /api/login: email and password. Either the user comes back, or a code is due first (two-factor).
import { type LoginAnswer, loginAnswer } from '@gym/domain/api/me';
import { email, VALUE_REQUIRED } from '@gym/domain/validation-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { writeGuestFlag } from '@/lib/session/guest-flag';
import { ME_QUERY_KEY } from '@/lib/session/me';

export const loginInputSchema = z.object({
  email: email(),
  // Passwords are sent as typed: spaces may be part of one.
  password: z.string().min(1, { error: VALUE_REQUIRED }),
});

export type LoginInput = z.infer<typeof loginInputSchema>;

export type LoginResult = LoginAnswer;

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
