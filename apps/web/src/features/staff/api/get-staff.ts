// GET /api/staff/{id}: one staff member with their gyms, status and visit count.
import { staffDetailAnswer } from '@gym/domain/api/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './staff-answers';

const getStaff = async (id: number, signal?: AbortSignal) =>
  (await api.get(`/api/staff/${id}`, { schema: staffDetailAnswer, signal })).data;

const staffQueryOptions = (id: number) =>
  queryOptions({ queryKey: staffKeys.detail(id), queryFn: ({ signal }) => getStaff(id, signal) });

export const useStaffMember = (id: number) => useQuery(staffQueryOptions(id));
