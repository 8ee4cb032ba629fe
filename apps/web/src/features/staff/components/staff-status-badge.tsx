// The Pending or Deactivated badge of a staff member (active staff show none).
import { Badge } from '@mantine/core';
import type { StaffMember } from '../api/staff-answers';
import { statusBadge } from '../lib/staff-display';

export function StaffStatusBadge({ staff }: { staff: Pick<StaffMember, 'status'> }) {
  const badge = statusBadge(staff);
  if (!badge) return null;
  return (
    <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }}>
      {badge.label}
    </Badge>
  );
}
