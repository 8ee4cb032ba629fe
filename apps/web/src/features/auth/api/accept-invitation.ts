// POST /api/accept-invitation: a person who already has an account accepts a staff invitation from its
// emailed link (token and email in its query).
import type { AcceptInvitationBody } from '@gym/domain/api/auth-requests';
import type { MessageAnswer } from '@gym/domain/api/me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/session/me';

export const acceptInvitation = (input: AcceptInvitationBody) =>
  api.post<MessageAnswer>('/api/accept-invitation', input);

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    meta: { notifyOnError: false },
    // A signed-in person now works at one more organisation.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
