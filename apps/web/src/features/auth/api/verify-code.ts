// POST /api/email/verify: the emailed six-digit sign-in code. The server then replaces the session with
// a verified one, so the user is loaded afresh.

import { type VerifyCodeBody, verifyCodeBody } from '@gym/domain/api/auth-requests';
import type { MessageAnswer } from '@gym/domain/api/me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { writeGuestFlag } from '@/lib/session/guest-flag';
import { ME_QUERY_KEY } from '@/lib/session/me';

export const verifyCodeInputSchema = verifyCodeBody;
type VerifyCodeInput = VerifyCodeBody;

const verifyCode = (input: VerifyCodeInput) =>
  api.post<MessageAnswer>('/api/email/verify', input, { skipErrorHandler: true });

export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCode,
    meta: { notifyOnError: false },
    onSuccess: () => {
      writeGuestFlag('isNotGuest');
      queryClient.removeQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
