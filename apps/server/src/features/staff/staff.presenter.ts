// The Staff member entity of the specification (section 3).
import { z } from 'zod';
import type { GymRole, StaffRow } from './staff.repository';

const role = z.enum(['admin', 'personal_trainer']);

export const staffMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  /** Organisation role; null for staff with per-gym roles only. */
  role: role.nullable(),
  gyms: z.array(z.object({ id: z.number(), name: z.string(), role })),
  status: z.enum(['active', 'pending', 'deactivated']),
  pending_invite: z.boolean(),
  /** Whether the person still has to set a password (an invitation can be re-sent). */
  awaiting_password: z.boolean(),
  access_enabled: z.boolean(),
  invited_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  created_at: z.string(),
  profile_picture: z.string().nullable(),
});
export const staffDetailSchema = staffMemberSchema.extend({ visits_count: z.number() });
export type StaffMember = z.infer<typeof staffMemberSchema>;

const asRole = (value: string | null) => (value === 'admin' || value === 'personal_trainer' ? value : null);

export function presentStaff(row: StaffRow, gymRoles: GymRole[]): StaffMember {
  return {
    id: row.id,
    name: row.name,
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
    awaiting_password: !row.hasPassword,
    access_enabled: row.accessEnabled,
    invited_at: row.invitedAt?.toISOString() ?? null,
    deleted_at: row.deletedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    profile_picture: row.profilePicturePath ? `/api/users/${row.id}/profile-picture` : null,
  };
}
