// Reading prices for any staff member of the organisation; another organisation's records are 404.
import type { AppDeps } from '../../app';
import type { AuthContext } from '../../auth/guard';
import { notFound } from '../../http/app-error';
import { offsetOf, type PageQuery, page } from '../../http/envelope';
import { findOffering } from '../offerings/offerings.repository';
import { loadPrice, loadPrices } from './price-loader';
import { countPrices, type PriceFilter } from './prices.repository';

export async function priceDetail(deps: AppDeps, auth: AuthContext, priceId: number) {
  const price = await loadPrice(deps, auth.organisationId, priceId, auth.gym?.id ?? null);
  if (!price) throw notFound('Price not found.');
  return price;
}

export async function offeringPrices(
  deps: AppDeps,
  auth: AuthContext,
  offeringId: number,
  archived: boolean | undefined,
) {
  if (!(await findOffering(deps.db, auth.organisationId, offeringId))) throw notFound('Offering not found.');
  return loadPrices(deps, auth.organisationId, {
    offeringIds: [offeringId],
    archived,
    contextGymId: auth.gym?.id ?? null,
  });
}

/** The current organisation's prices, a page at a time; any other organisation id is 404. */
export async function organisationPrices(
  deps: AppDeps,
  auth: AuthContext,
  organisationId: number,
  query: PageQuery,
  filter: { archived: boolean; offeringId?: number | undefined; gymId?: number | undefined },
) {
  if (organisationId !== auth.organisationId) throw notFound('Organisation not found.');
  const priceFilter: PriceFilter = {
    archived: filter.archived,
    ...(filter.offeringId !== undefined ? { offeringIds: [filter.offeringId] } : {}),
    availableAtGymId: filter.gymId,
    contextGymId: filter.gymId ?? auth.gym?.id ?? null,
  };
  const data = await loadPrices(deps, organisationId, priceFilter, {
    limit: query.per_page,
    offset: offsetOf(query),
  });
  return page(data, await countPrices(deps.db, organisationId, priceFilter), query);
}
