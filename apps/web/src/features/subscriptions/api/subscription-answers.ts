// The subscription-action answers are the server's own schemas (packages/domain/src/api/subscriptions.ts),
// checked on arrival; this file adds the feature's one query-key factory. After a change, everything under
// ['subscriptions'], and the member screens' ['members'] and ['payments'], is refreshed.
export type { EmailPreview, SubscriptionActions } from '@gym/domain/api/subscriptions';

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  actions: (id: number) => ['subscriptions', 'actions', id] as const,
  startEarly: (id: number) => ['subscriptions', 'start-early', id] as const,
  balance: (id: number) => ['subscriptions', 'balance', id] as const,
  history: (userId: number, page: number) => ['subscriptions', 'price-history', userId, page] as const,
  prices: (organisationId: number) => ['subscriptions', 'prices', organisationId] as const,
  bulkPreview: (body: object) => ['subscriptions', 'bulk-preview', body] as const,
  bulkJob: (id: number) => ['subscriptions', 'bulk-job', id] as const,
};

/** Query keys of other screens that show what these actions change (a member's card, payments). */
export const REFRESHED_AFTER_CHANGE = [['subscriptions'], ['members'], ['payments']] as const;
