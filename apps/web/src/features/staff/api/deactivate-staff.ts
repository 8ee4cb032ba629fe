// DELETE /api/staff/{id}: deactivate a staff member here; their gym roles go and their sessions end.
import { staffDetailAnswer } from '@gym/domain/api/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './staff-answers';

const deactivateStaff = async (id: number) =>
  (await api.del(`/api/staff/${id}`, { schema: staffDetailAnswer })).data;

/** The confirmation dialog shows a failure itself (e.g. 409 for yourself), so no toast. */
export function useDeactivateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateStaff,
    meta: { notifyOnError: false },
    onSuccess: (staff) => {
      queryClient.setQueryData(staffKeys.detail(staff.id), staff);
      void queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
  });
}
