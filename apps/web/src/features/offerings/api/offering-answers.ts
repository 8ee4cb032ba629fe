// The offering and price answers the screens work with. Their schemas are the server's own, shared
// through @gym/domain/api (offerings, prices, envelope); the calls check answers against them on arrival.

export type { PageMeta } from '@gym/domain/api/envelope';
export type { Offering, OfferingSummary } from '@gym/domain/api/offerings';
export type { Price, PriceLink as PrivateLink } from '@gym/domain/api/prices';

/** Query keys of this feature: everything under ['offerings'] is refreshed after a change. */
export const offeringKeys = {
  all: ['offerings'] as const,
  list: (filters: object) => ['offerings', 'list', filters] as const,
  detail: (id: number) => ['offerings', 'detail', id] as const,
  organisationPrices: (organisationId: number | null) =>
    ['offerings', 'organisation-prices', organisationId] as const,
  catalogueSettings: (organisationId: number | null | undefined) =>
    ['offerings', 'catalogue-settings', organisationId] as const,
};
