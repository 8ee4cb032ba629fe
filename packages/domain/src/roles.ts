// Staff roles (organisation and gym) and how they are shown.

export const STAFF_ROLES = ['admin', 'personal_trainer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Admin',
  personal_trainer: 'Personal Trainer',
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** admin = Admin, personal_trainer = Personal Trainer, anything else (none, per-gym) = '--'. */
export function roleLabel(role: string | null | undefined): string {
  return isStaffRole(role) ? ROLE_LABELS[role] : '--';
}
