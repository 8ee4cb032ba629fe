// GET /api/organisations/{id}/staff: the organisation's staff (for gym admins, the staff of their gyms),
// a page at a time, optionally of one status.
import { staffPage } from '@gym/domain/api/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type StaffStatus, staffKeys } from './staff-answers';

const STAFF_PER_PAGE = 25;

export interface StaffFilters {
  page: number;
  status: StaffStatus | null;
}

const listStaff = (organisationId: number, filters: StaffFilters, signal?: AbortSignal) =>
  api.get(`/api/organisations/${organisationId}/staff`, {
    query: { page: filters.page, per_page: STAFF_PER_PAGE, status: filters.status },
    schema: staffPage,
    signal,
  });

export const useStaffList = (organisationId: number, filters: StaffFilters) =>
  useQuery({
    queryKey: staffKeys.list(organisationId, filters),
    queryFn: ({ signal }) => listStaff(organisationId, filters, signal),
    // The table keeps the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
