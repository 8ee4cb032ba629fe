// The invite form's state and its check (spec section 5: email, name and role required). Everyone is sent
// `inviting: true` and is pending until they accept (a new person by setting a password, an existing
// account with one click); until then they show here by the name typed, and nothing of an account
// elsewhere is revealed.
import { email, PER_GYM_ROLE, type StaffRole, staffInviteSchema, VALUE_REQUIRED } from '@gym/domain';
import { z } from 'zod';
import type { FieldErrors } from '@/lib/form';
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

/** The request body: the per-gym choice is the spec's role -1 with its list of gyms. */
export function invitePayload(draft: InviteDraft): StaffInvite {
  const perGym = draft.role === 'per_gym';
  const gyms = perGym
    ? Object.entries(draft.gymRoles).flatMap(([id, role]) => (role ? [{ id: Number(id), role }] : []))
    : [];
  return {
    inviting: true,
    email: draft.email.trim(),
    role: (perGym ? PER_GYM_ROLE : draft.role || undefined) as StaffInvite['role'],
    name: draft.name.trim(),
    gyms,
  };
}

/** The body ready to send, or the first message for each field. */
export function checkInvite(draft: InviteDraft): { input: StaffInvite | null; errors: FieldErrors } {
  const payload = invitePayload(draft);
  const parsed = staffInviteSchema.safeParse(payload);
  const errors: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  }
  if (draft.name.trim() === '') errors.name = VALUE_REQUIRED;
  return Object.keys(errors).length === 0 ? { input: payload, errors } : { input: null, errors };
}
