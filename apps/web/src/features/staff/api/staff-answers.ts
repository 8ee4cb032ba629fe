// The staff answers, checked on arrival. Mirrors `staffMemberSchema` and `staffDetailSchema` of
// apps/server/src/features/staff/staff.presenter.ts, so drift shows as 'invalid_response', not wrong screens.
import { STAFF_ROLES } from '@gym/domain';
import { z } from 'zod';

const role = z.enum(STAFF_ROLES);

export const STAFF_STATUSES = ['active', 'pending', 'deactivated'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const staffMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  /** Organisation role; null for staff with per-gym roles only. */
  role: role.nullable(),
  gyms: z.array(z.object({ id: z.number(), name: z.string(), role })),
  status: z.enum(STAFF_STATUSES),
  pending_invite: z.boolean(),
  /** Still has to set a password: an invitation can be sent again. */
  awaiting_password: z.boolean(),
  access_enabled: z.boolean(),
  invited_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  created_at: z.string(),
  profile_picture: z.string().nullable(),
});

export const staffDetailSchema = staffMemberSchema.extend({ visits_count: z.number() });
export const staffDetailAnswer = z.object({ data: staffDetailSchema });

export const pageMetaSchema = z.object({
  current_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});

export type StaffMember = z.infer<typeof staffMemberSchema>;
export type StaffDetail = z.infer<typeof staffDetailSchema>;
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** Query keys of this feature: everything under ['staff'] is refreshed after a change. */
export const staffKeys = {
  all: ['staff'] as const,
  list: (organisationId: number, filters: object) => ['staff', 'list', organisationId, filters] as const,
  detail: (id: number) => ['staff', 'detail', id] as const,
  gyms: (organisationId: number) => ['staff', 'gyms', organisationId] as const,
};
