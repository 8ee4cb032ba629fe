// The staff answers are the server's own schemas (packages/domain/src/api/staff.ts), checked on arrival so
// drift shows as 'invalid_response', not wrong screens; this file adds the feature's query keys.
export type { PageMeta } from '@gym/domain/api/envelope';
export {
  STAFF_STATUSES,
  type StaffDetail,
  type StaffMember,
  type StaffStatus,
} from '@gym/domain/api/staff';

/** Query keys of this feature: everything under ['staff'] is refreshed after a change. */
export const staffKeys = {
  all: ['staff'] as const,
  list: (organisationId: number, filters: object) => ['staff', 'list', organisationId, filters] as const,
  detail: (id: number) => ['staff', 'detail', id] as const,
  weeklyDigest: (organisationId: number) => ['staff', 'weekly-digest', organisationId] as const,
};
