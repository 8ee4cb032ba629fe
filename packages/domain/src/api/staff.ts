// The staff answers (spec section 3 "Staff member", section 7 "Staff"): the server checks what it sends
// against them and documents them, the page checks what arrives against them.
import { z } from 'zod';
import { STAFF_ROLES } from '../roles';
import { envelope, pageEnvelope } from './envelope';

const role = z.enum(STAFF_ROLES);

export const STAFF_STATUSES = ['active', 'pending', 'deactivated'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

const staffMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  /** Organisation role; null for staff with per-gym roles only. */
  role: role.nullable(),
  gyms: z.array(z.object({ id: z.number(), name: z.string(), role })),
  status: z.enum(STAFF_STATUSES),
  pending_invite: z.boolean(),
  /** Whether the person still has to set a password (an invitation can be re-sent). */
  awaiting_password: z.boolean(),
  access_enabled: z.boolean(),
  invited_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  created_at: z.string(),
  profile_picture: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
/** GET /api/organisations/{id}/staff. */
export const staffPage = pageEnvelope(staffMemberSchema);

export const staffDetailSchema = staffMemberSchema.extend({ visits_count: z.number() });
export type StaffDetail = z.infer<typeof staffDetailSchema>;
/** GET /api/staff/{id}, POST /api/organisations/{id}/staff, POST …/resend-invitation, DELETE /api/staff/{id}. */
export const staffDetailAnswer = envelope(staffDetailSchema);

/** Before inviting: whether the email has an account, and whether that person is (or was) staff here. */
const existingAccountSchema = z.object({
  exists: z.boolean(),
  already_staff: z.boolean(),
  deactivated: z.boolean(),
});
export type ExistingAccount = z.infer<typeof existingAccountSchema>;
/** POST /api/organisations/{id}/staff-exists. */
export const existingAccountAnswer = envelope(existingAccountSchema);
