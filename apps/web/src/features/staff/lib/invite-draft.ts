// The invite form's state and its check (spec section 5: email, name and role required). Everyone is sent
// `inviting: true` and is pending until they accept (a new person by setting a password, an existing
// account with one click); until then they show here by the name typed, and nothing of an account
// elsewhere is revealed.
import {
  email,
  PER_GYM_ROLE,
  type StaffRole,
  staffInviteSchema,
  staffRolesSchema,
  VALUE_REQUIRED,
} from '@gym/domain';
import { z } from 'zod';
import type { FieldErrors } from '@/lib/form';
import type { StaffRoles } from '../api/change-staff-roles';
import type { StaffInvite } from '../api/invite-staff';

export type RoleChoice = StaffRole | 'per_gym' | '';

export interface InviteDraft {
  email: string;
  name: string;
  role: RoleChoice;
  /** Gym id → the role there ('' for none), when the role is per gym. */
  gymRoles: Record<number, StaffRole | ''>;
}

export const emptyInviteDraft = (): InviteDraft => ({ email: '', name: '', role: '', gymRoles: {} });

export const ROLE_CHOICES: { value: Exclude<RoleChoice, ''>; label: string; description: string }[] = [
  {
    value: 'admin',
    label: 'Admin',
    description: 'Runs the whole organisation: every gym, its staff and settings.',
  },
  {
    value: 'personal_trainer',
    label: 'Personal Trainer',
    description: 'A trainer across the organisation, without administration.',
  },
  { value: 'per_gym', label: 'Per-gym roles', description: 'Admin or trainer at the gyms you choose.' },
];

const emailStep = z.object({ email: email() });

/** Step one: the email, checked before asking the server about it. */
export function checkEmail(value: string): { email: string | null; error?: string } {
  const parsed = emailStep.safeParse({ email: value });
  return parsed.success
    ? { email: parsed.data.email }
    : { email: null, error: parsed.error.issues[0]?.message };
}

/** The message for the per-gym roles: the list's own, or the first about one of its entries. */
export const gymsError = (errors: FieldErrors): string | undefined =>
  errors.gyms ?? Object.entries(errors).find(([key]) => key.startsWith('gyms.'))?.[1];

/** The roles as the API takes them: the per-gym choice is the spec's role -1 with its list of gyms. */
function rolesPayload(role: RoleChoice, gymRoles: Record<number, StaffRole | ''>): StaffRoles {
  const perGym = role === 'per_gym';
  const gyms = perGym
    ? Object.entries(gymRoles).flatMap(([id, gymRole]) =>
        gymRole ? [{ id: Number(id), role: gymRole }] : [],
      )
    : [];
  return { role: (perGym ? PER_GYM_ROLE : role || undefined) as StaffRoles['role'], gyms };
}

/** The request body of an invitation. */
export function invitePayload(draft: InviteDraft): StaffInvite {
  return {
    inviting: true,
    email: draft.email.trim(),
    name: draft.name.trim(),
    ...rolesPayload(draft.role, draft.gymRoles),
  };
}

/** The first message for each field of a failed parse. */
function issuesOf(parsed: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: FieldErrors = {};
  for (const issue of parsed.error?.issues ?? []) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/** A staff member's roles as the edit dialog starts them: their current ones. */
export function rolesDraftOf(staff: { role: string | null; gyms: { id: number; role: string }[] }): {
  role: RoleChoice;
  gymRoles: Record<number, StaffRole | ''>;
} {
  const gymRoles = Object.fromEntries(staff.gyms.map((g) => [g.id, g.role as StaffRole]));
  const role: RoleChoice =
    staff.role === 'admin' || staff.role === 'personal_trainer' ? staff.role : 'per_gym';
  return { role, gymRoles };
}

/** The roles ready to send, or the first message for each field. */
export function checkRoles(
  role: RoleChoice,
  gymRoles: Record<number, StaffRole | ''>,
): { input: StaffRoles | null; errors: FieldErrors } {
  const payload = rolesPayload(role, gymRoles);
  const errors = issuesOf(staffRolesSchema.safeParse(payload));
  return Object.keys(errors).length === 0 ? { input: payload, errors } : { input: null, errors };
}

/** The body ready to send, or the first message for each field. */
export function checkInvite(draft: InviteDraft): { input: StaffInvite | null; errors: FieldErrors } {
  const payload = invitePayload(draft);
  const errors = issuesOf(staffInviteSchema.safeParse(payload));
  if (draft.name.trim() === '') errors.name = VALUE_REQUIRED;
  return Object.keys(errors).length === 0 ? { input: payload, errors } : { input: null, errors };
}
