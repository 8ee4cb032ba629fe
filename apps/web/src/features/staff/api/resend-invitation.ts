// POST /api/staff/{id}/resend-invitation: a new link to set a password (older links stop working).
import { staffDetailAnswer } from '@gym/domain/api/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './staff-answers';

const resendInvitation = async (id: number) =>
  (await api.post(`/api/staff/${id}/resend-invitation`, undefined, { schema: staffDetailAnswer })).data;

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    meta: { errorTitle: 'Could not send the invitation' },
    onSuccess: (staff) => {
      queryClient.setQueryData(staffKeys.detail(staff.id), staff);
      void queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
  });
}
