// POST /api/accept-invitation: a person who already has an account accepts a staff invitation from its
// emailed link (token and email in its query).
import type { AcceptInvitationBody } from '@gym/domain/api/auth-requests';
import type { InvitationAnswer } from '@gym/domain/api/me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { writeGuestFlag } from '@/lib/session/guest-flag';

const acceptInvitation = (input: AcceptInvitationBody) =>
  api.post<InvitationAnswer>('/api/accept-invitation', input);

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    meta: { notifyOnError: false },
    // The answer signs them in to the organisation that invited them (unless they still need a password):
    // whoever was cached before, in whichever organisation, is dropped.
    onSuccess: () => {
      queryClient.removeQueries();
      writeGuestFlag('isNotGuest');
    },
  });
}
