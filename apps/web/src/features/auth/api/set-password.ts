// POST /api/set-password: the first password of an invited staff member, from the invitation link. The
// answer signs them in (the link proved the mailbox), so whoever was cached before is dropped.
import type { InvitationAnswer } from '@gym/domain/api/me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { writeGuestFlag } from '@/lib/session/guest-flag';
import type { NewPasswordInput, PasswordLink } from './reset-password';

export const setPassword = (input: NewPasswordInput & PasswordLink) =>
  api.post<InvitationAnswer>('/api/set-password', input);

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassword,
    meta: { notifyOnError: false },
    onSuccess: () => {
      queryClient.removeQueries();
      writeGuestFlag('isNotGuest');
    },
  });
}
