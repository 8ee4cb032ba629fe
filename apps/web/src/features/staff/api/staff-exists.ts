// POST /api/organisations/{id}/staff-exists: before inviting, whether the email already has an account,
// and whether that person is (or was) staff here.
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const answer = z.object({
  data: z.object({ exists: z.boolean(), already_staff: z.boolean(), deactivated: z.boolean() }),
});

export type ExistingAccount = z.infer<typeof answer>['data'];

export const checkStaffEmail = async ({ organisationId, email }: { organisationId: number; email: string }) =>
  (await api.post(`/api/organisations/${organisationId}/staff-exists`, { email }, { schema: answer })).data;

/** A 422 lands on the email field; other failures as a toast. */
export const useCheckStaffEmail = () =>
  useMutation({ mutationFn: checkStaffEmail, meta: { errorTitle: 'Could not check the email' } });
