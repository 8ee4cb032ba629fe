// The organisation settings answers are the server's own schemas (packages/domain/src/api/organisations.ts),
// checked on arrival so drift shows as 'invalid_response'; this file adds the feature's query keys.
export type { AgeBypassLink, Organisation } from '@gym/domain/api/organisations';

/** Query keys of this feature: everything under ['organisation-settings'] is refreshed after a change. */
export const organisationKeys = {
  all: ['organisation-settings'] as const,
  detail: (id: number) => ['organisation-settings', 'detail', id] as const,
  webhooks: (id: number, filters: object) =>
    ['organisation-settings', 'akahu-webhooks', id, filters] as const,
};
