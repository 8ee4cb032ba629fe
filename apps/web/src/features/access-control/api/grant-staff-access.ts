// POST /api/staff/{id}/kisi-access: door access for a staff member at the current gym's place.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accessKeys, staffAccessAnswer } from './access-answers';

const grantStaffAccess = async (staffId: number) =>
  (await api.post(`/api/staff/${staffId}/kisi-access`, undefined, { schema: staffAccessAnswer })).data;

/** The staff screens read `access_enabled` from their own answers under ['staff']: refresh them too. */
export function useGrantStaffAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantStaffAccess,
    meta: { notifyOnError: false },
    onSuccess: (_access, staffId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accessKeys.staff(staffId) }),
        queryClient.invalidateQueries({ queryKey: ['staff'] }),
      ]),
  });
}
