import { StaffList } from '@/features/staff/components/staff-list';

export function Component() {
  return <StaffList />;
}
