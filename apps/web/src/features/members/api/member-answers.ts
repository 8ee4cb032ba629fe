// The member answers are the server's own schemas (packages/domain/src/api/members.ts), checked on
// arrival; this file adds the feature's query keys (everything under ['members'] refreshes after a change).
export type { PageMeta } from '@gym/domain/api/envelope';
export type { Member, MemberSubscription, PaymentType } from '@gym/domain/api/members';
export {
  MEMBER_SORTS,
  MEMBER_STATES,
  type MemberSort,
  type MemberStateFilter,
} from '@gym/domain/api/members-requests';

export const memberKeys = {
  all: ['members'] as const,
  list: (organisationId: number, filters: object) => ['members', 'list', organisationId, filters] as const,
  detail: (id: number) => ['members', 'detail', id] as const,
  records: (id: number, kind: string, page?: number) => ['members', 'detail', id, kind, page ?? 0] as const,
  charts: (id: number, weeks: number) => ['members', 'detail', id, 'charts', weeks] as const,
  prices: (organisationId: number) => ['members', 'prices', organisationId] as const,
};
