// How a staff member reads on screen: their organisation role, their gyms, and their state.
import { roleLabel } from '@gym/domain';
import type { StaffMember } from '../api/staff-answers';

/** The organisation role (spec section 3): Admin, Personal Trainer, or '--' for per-gym roles only. */
export const staffRoleLabel = (staff: Pick<StaffMember, 'role'>) => roleLabel(staff.role);

/** 'All gyms' for organisation admins; otherwise each gym with its role, or '--'. */
export function gymsText(staff: Pick<StaffMember, 'role' | 'gyms'>): string {
  if (staff.role === 'admin') return 'All gyms';
  if (staff.gyms.length === 0) return '--';
  return staff.gyms.map((gym) => `${gym.name} (${roleLabel(gym.role)})`).join(', ');
}

/** Whether a new link to set a password can be sent: not yet set, and still staff here. */
export const canResendInvitation = (staff: Pick<StaffMember, 'awaiting_password' | 'status'>) =>
  staff.awaiting_password && staff.status !== 'deactivated';

export interface StatusBadge {
  label: string;
  color: string;
}

/** Pending and Deactivated show as badges; active staff need none. */
export function statusBadge(staff: Pick<StaffMember, 'status'>): StatusBadge | null {
  if (staff.status === 'pending') return { label: 'Pending', color: 'yellow' };
  if (staff.status === 'deactivated') return { label: 'Deactivated', color: 'red' };
  return null;
}

export const STATUS_LABELS = { active: 'Active', pending: 'Pending', deactivated: 'Deactivated' } as const;
