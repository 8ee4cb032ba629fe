// Signing out (spec section 4): tell the server, then go to sign-in. The cached user and every other
// answer are dropped once the signed-in screens are gone, so nothing of this session shows again.
import type { MessageAnswer } from '@gym/domain/api/me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { route } from '@/config/paths';
import { api } from '@/lib/api-client';
import { writeGuestFlag } from './guest-flag';

export const logout = () => api.post<MessageAnswer>('/api/logout');

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    meta: { notifyOnError: false },
    // Gone to sign-in whatever the answer: a failed sign-out leaves at worst a session the server ends
    // by itself, and the person asked to leave.
    onSettled: async () => {
      writeGuestFlag('isGuest');
      await navigate(route('login'), { replace: true });
      queryClient.clear();
    },
  });
}
