// GET /api/organisations/{id}/prices: the organisation's prices on sale, every page of them, for pickers.
import { type Price, pricePageAnswer } from '@gym/domain/api/prices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { offeringKeys } from './offering-answers';

const PER_PAGE = 100;
/** A fixed few calls, whatever the catalogue: ten pages is a thousand prices on sale. */
const MAX_PAGES = 10;

async function listOrganisationPrices(organisationId: number, signal?: AbortSignal): Promise<Price[]> {
  const prices: Price[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await api.get(`/api/organisations/${organisationId}/prices`, {
      query: { page, per_page: PER_PAGE },
      schema: pricePageAnswer,
      signal,
    });
    prices.push(...answer.data);
    if (page >= answer.meta.last_page) break;
  }
  return prices;
}

const organisationPricesQueryOptions = (organisationId: number) =>
  queryOptions({
    queryKey: offeringKeys.organisationPrices(organisationId),
    queryFn: ({ signal }) => listOrganisationPrices(organisationId, signal),
  });

export const useOrganisationPrices = (organisationId: number) =>
  useQuery(organisationPricesQueryOptions(organisationId));
