// GET /api/staff/{id}, read for what the door-access button needs: who, whether deactivated, and
// whether they already have door access (the staff feature owns the full answer).
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { accessKeys } from './access-answers';

const staffAnswer = z.object({
  data: z.object({
    id: z.number(),
    name: z.string(),
    access_enabled: z.boolean(),
    deleted_at: z.string().nullable(),
  }),
});
export type StaffForDoorAccess = z.infer<typeof staffAnswer>['data'];

export const getStaffDoorAccess = async (staffId: number, signal?: AbortSignal) =>
  (await api.get(`/api/staff/${staffId}`, { schema: staffAnswer, signal, skipErrorHandler: true })).data;

export const useStaffDoorAccess = (staffId: number) =>
  useQuery({
    queryKey: accessKeys.staff(staffId),
    queryFn: ({ signal }) => getStaffDoorAccess(staffId, signal),
  });
