// The Staff member entity of the specification (section 3); the answer schemas are shared with the page
// (packages/domain/src/api/staff.ts).
import type { StaffMember } from '@gym/domain/api/staff';
import type { GymRole, StaffRow } from './staff.repository';

const asRole = (value: string | null) => (value === 'admin' || value === 'personal_trainer' ? value : null);

export function presentStaff(row: StaffRow, gymRoles: GymRole[]): StaffMember {
  return {
    id: row.id,
    // Until they accept, the name the admin typed: an invitation reveals nothing of the person's account.
    name: row.pendingInvite ? (row.invitedName ?? row.name) : row.name,
    email: row.email,
    role: asRole(row.role),
    gyms: gymRoles
      .filter((g) => g.userId === row.id)
      .flatMap((g) => {
        const gymRole = asRole(g.role);
        return gymRole ? [{ id: g.id, name: g.name, role: gymRole }] : [];
      }),
    status: row.deletedAt ? 'deactivated' : row.pendingInvite ? 'pending' : 'active',
    pending_invite: row.pendingInvite,
    // Until they accept, whether the email already had an account (with a password, a photo) is not shown:
    // every open invitation awaits the person.
    awaiting_password: row.pendingInvite || !row.hasPassword,
    access_enabled: row.accessEnabled,
    invited_at: row.invitedAt?.toISOString() ?? null,
    deleted_at: row.deletedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    profile_picture:
      row.profilePicturePath && !row.pendingInvite ? `/api/users/${row.id}/profile-picture` : null,
  };
}
