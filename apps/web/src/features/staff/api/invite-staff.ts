// POST /api/organisations/{id}/staff: add a person to the staff. Someone new gets an emailed link to
// set a password (pending until then); someone with an account is added at once and told by email.
import type { staffInviteSchema } from '@gym/domain';
import { staffDetailAnswer } from '@gym/domain/api/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { input } from 'zod';
import { api } from '@/lib/api-client';
import { staffKeys } from './staff-answers';

export type StaffInvite = input<typeof staffInviteSchema>;

const inviteStaff = async ({ organisationId, invite }: { organisationId: number; invite: StaffInvite }) =>
  (await api.post(`/api/organisations/${organisationId}/staff`, invite, { schema: staffDetailAnswer })).data;

/** Field errors (422) are shown by the form; other failures as a toast. */
export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteStaff,
    meta: { errorTitle: 'Could not add the staff member' },
    onSuccess: (staff) => {
      queryClient.setQueryData(staffKeys.detail(staff.id), staff);
      void queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
  });
}
