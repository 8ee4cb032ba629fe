// PUT /api/staff/{id}: an organisation admin changes a staff member's roles (replaced whole).
import type { staffRolesSchema } from '@gym/domain';
import { staffDetailAnswer } from '@gym/domain/api/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { input } from 'zod';
import { api } from '@/lib/api-client';
import { staffKeys } from './staff-answers';

export type StaffRoles = input<typeof staffRolesSchema>;

const changeStaffRoles = async ({ id, roles }: { id: number; roles: StaffRoles }) =>
  (await api.put(`/api/staff/${id}`, roles, { schema: staffDetailAnswer })).data;

/** Field errors (422) and refusals (409) are shown by the dialog itself. */
export function useChangeStaffRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStaffRoles,
    meta: { notifyOnError: false },
    onSuccess: (staff) => {
      queryClient.setQueryData(staffKeys.detail(staff.id), staff);
      void queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
  });
}
