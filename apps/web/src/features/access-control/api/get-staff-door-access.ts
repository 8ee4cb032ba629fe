// GET /api/staff/{id}, read for what the door-access button needs: who, whether deactivated, and
// whether they already have door access: the staff answer of @gym/domain/api/staff, narrowed to these.
import { envelope } from '@gym/domain/api/envelope';
import { staffDetailSchema } from '@gym/domain/api/staff';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accessKeys } from './access-answers';

const staffAnswer = envelope(
  staffDetailSchema.pick({ id: true, name: true, access_enabled: true, deleted_at: true }),
);

const getStaffDoorAccess = async (staffId: number, signal?: AbortSignal) =>
  (await api.get(`/api/staff/${staffId}`, { schema: staffAnswer, signal, skipErrorHandler: true })).data;

export const useStaffDoorAccess = (staffId: number) =>
  useQuery({
    queryKey: accessKeys.staff(staffId),
    queryFn: ({ signal }) => getStaffDoorAccess(staffId, signal),
  });
