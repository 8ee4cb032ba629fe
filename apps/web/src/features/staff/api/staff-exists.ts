// POST /api/organisations/{id}/staff-exists: before inviting, whether the email already has an account,
// and whether that person is (or was) staff here.
import { existingAccountAnswer } from '@gym/domain/api/staff';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { ExistingAccount } from '@gym/domain/api/staff';

const checkStaffEmail = async ({ organisationId, email }: { organisationId: number; email: string }) =>
  (
    await api.post(
      `/api/organisations/${organisationId}/staff-exists`,
      { email },
      { schema: existingAccountAnswer },
    )
  ).data;

/** A 422 lands on the email field; other failures as a toast. */
export const useCheckStaffEmail = () =>
  useMutation({ mutationFn: checkStaffEmail, meta: { errorTitle: 'Could not check the email' } });
